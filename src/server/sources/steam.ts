import { z } from "zod";
import { joinCompanies } from "../catalog/normalize.ts";
import type { GameRecord } from "../catalog/write.ts";
import { log } from "../log.ts";
import { type BaseOverrides, baseUrl, limiterFor, requestJson, SourceError } from "./http.ts";
import { plainName, plainText } from "./plain-text.ts";

/**
 * Steam (no key): store `appdetails`, the review summary of `appreviews`, and
 * `ISteamUserStats/GetNumberOfCurrentPlayers`. The store tolerates about 200 requests in 5 minutes,
 * so the limiter keeps to 1 request per 1.5 s.
 */
export interface SteamConfig {
  bases?: BaseOverrides;
}

const AppDetails = z.object({
  success: z.boolean(),
  data: z
    .object({
      name: z.string(),
      steam_appid: z.number(),
      is_free: z.boolean().optional(),
      short_description: z.string().optional(),
      header_image: z.string().optional(),
      website: z.string().nullable().optional(),
      developers: z.array(z.string()).optional(),
      publishers: z.array(z.string()).optional(),
      genres: z.array(z.object({ description: z.string() })).optional(),
      platforms: z
        .object({ windows: z.boolean(), mac: z.boolean(), linux: z.boolean() })
        .partial()
        .optional(),
      // `final` is today's price (a sale's while on sale), `initial` the list price. A negative price
      // or count is no figure: the record is skipped and logged (review 8 d, item 1).
      price_overview: z
        .object({
          currency: z.string(),
          final: z.number().nonnegative(),
          initial: z.number().nonnegative().optional(),
        })
        .optional(),
      release_date: z.object({ date: z.string().optional() }).optional(),
    })
    .optional(),
});
const Reviews = z.object({
  success: z.number(),
  query_summary: z.object({
    total_positive: z.number().nonnegative(),
    total_negative: z.number().nonnegative(),
    total_reviews: z.number().nonnegative(),
  }),
});
const Players = z.object({
  response: z.object({ player_count: z.number().nonnegative().optional(), result: z.number() }),
});

export class SteamClient {
  readonly limiter = limiterFor("steam");
  constructor(private readonly config: SteamConfig = {}) {}

  private get store() {
    return baseUrl("steamStore", this.config.bases);
  }

  async appDetails(appid: number): Promise<GameRecord | null> {
    const body = (await requestJson(
      `${this.store}/api/appdetails?appids=${appid}&cc=us`,
      {},
      { service: "steam", limiter: this.limiter },
    )) as Record<string, unknown> | null;
    const parsed = AppDetails.safeParse(body?.[String(appid)]);
    if (!parsed.success) {
      log.warn("source: malformed records skipped", { service: "steam", skipped: 1, appid });
      return null;
    }
    // `success: false` is Steam's answer for an app it doesn't list (removed, or region-locked).
    if (!parsed.data.success || !parsed.data.data) return null;
    const d = parsed.data.data;
    const date = d.release_date?.date ? calendarDate(d.release_date.date) : null;
    return {
      // The store writes its texts as HTML ("The &quot;Perpetual Testing Initiative&quot;"): stored as text.
      name: plainName(d.name),
      steamAppId: d.steam_appid,
      summary: plainText(d.short_description),
      coverUrl: d.header_image ?? null,
      websiteUrl: d.website ?? null,
      developer: joinCompanies((d.developers ?? []).map((n) => plainName(n))),
      publisher: joinCompanies((d.publishers ?? []).map((n) => plainName(n))),
      genres: d.genres?.map((g) => plainName(g.description)) ?? [],
      platforms: Object.entries(d.platforms ?? {})
        .filter(([, on]) => on)
        .map(([p]) => ({ windows: "PC", mac: "Mac", linux: "Linux" })[p] ?? p),
      price: d.is_free ? 0 : d.price_overview?.currency === "USD" ? d.price_overview.final / 100 : null,
      listPrice: d.is_free
        ? 0
        : d.price_overview?.currency === "USD"
          ? (d.price_overview.initial ?? d.price_overview.final) / 100
          : null,
      releaseDate: date,
    };
  }

  async reviewSummary(appid: number): Promise<{ positive: number; negative: number }> {
    const body = await requestJson(
      `${this.store}/appreviews/${appid}?json=1&num_per_page=0&language=all&purchase_type=all`,
      {},
      { service: "steam", limiter: this.limiter },
    );
    const parsed = Reviews.safeParse(body);
    if (!parsed.success) throw new SourceError("steam", `review summary for ${appid} not understood`);
    return {
      positive: parsed.data.query_summary.total_positive,
      negative: parsed.data.query_summary.total_negative,
    };
  }

  async currentPlayers(appid: number): Promise<number | null> {
    const base = baseUrl("steamApi", this.config.bases);
    const body = await requestJson(
      `${base}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=${appid}`,
      {},
      { service: "steam", limiter: this.limiter },
    );
    const parsed = Players.safeParse(body);
    if (!parsed.success || parsed.data.response.result !== 1) return null;
    return parsed.data.response.player_count ?? null;
  }
}

/**
 * The store's release date ("Nov 1, 2000", "1 Nov, 2000", "Nov 2000") as YYYY-MM-DD; null when it names
 * no day the calendar has: Date reads "Feb 30, 2019" as 2 March and year 0000 as 2000, so the day
 * and year written must be the ones read.
 */
export function calendarDate(text: string): string | null {
  const date = new Date(`${text} UTC`);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 100) return null;
  const day = /(?:^|\D)(\d{1,2})(?:\D|$)/.exec(text)?.[1];
  if (day != null && Number(day) !== date.getUTCDate()) return null;
  const year = /(\d{4})/.exec(text)?.[1];
  if (year != null && Number(year) !== date.getUTCFullYear()) return null;
  return date.toISOString().slice(0, 10);
}

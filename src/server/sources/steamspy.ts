import { z } from "zod";
import { joinCompanies, splitCompanies } from "../catalog/normalize.ts";
import type { GameRecord } from "../catalog/write.ts";
import { recordPrice } from "../estimates/features.ts";
import { type OwnersBand, parseOwnersBand } from "../estimates/owner-bands.ts";
import { ownersMidpoint } from "../importers/steam-store.ts";
import { type BaseOverrides, baseUrl, limiterFor, requestJson, validEach } from "./http.ts";
import { plainName } from "./plain-text.ts";

/**
 * SteamSpy (no key): `appdetails` and `top100in2weeks` at 1 request per second, and the `all` pages
 * (1,000 apps each) at 1 request per 60 seconds, as SteamSpy asks.
 */

/** A price in cents, as SteamSpy writes it (a string or a number); a negative or infinite one is no price. */
const Cents = z
  .union([
    z.string().refine((p) => !(Number(p) < 0 || Number(p) === Number.POSITIVE_INFINITY), "not a price"),
    z.number().nonnegative(),
  ])
  .nullable()
  .optional();

const App = z.object({
  appid: z.number(),
  name: z.string().min(1),
  developer: z.string().optional(),
  publisher: z.string().optional(),
  // A negative count or price is no figure: the record is skipped and logged (review 8 d, item 1).
  positive: z.number().nonnegative().optional(),
  negative: z.number().nonnegative().optional(),
  owners: z.string().optional(),
  price: Cents,
  /** The list price in cents; `price` is the day's, a sale's while on sale. */
  initialprice: Cents,
  ccu: z.number().nonnegative().optional(),
  genre: z.string().optional(),
  tags: z.union([z.record(z.string(), z.number()), z.array(z.unknown())]).optional(),
});

export interface SteamSpyApp {
  game: GameRecord;
  ccu: number | null;
  owners: number | null;
  /** SteamSpy's owners range as published, for the estimates. */
  ownersBand: OwnersBand | null;
}

export function toSteamSpyApp(a: z.infer<typeof App>): SteamSpyApp {
  const tags = Array.isArray(a.tags)
    ? []
    : Object.entries(a.tags ?? {})
        .sort((x, y) => y[1] - x[1])
        .map(([t]) => t);
  const owners = ownersMidpoint(a.owners);
  const usd = (v: string | number | null | undefined) => {
    const cents = v == null || v === "" ? null : Number(v);
    return cents == null || Number.isNaN(cents) ? null : cents / 100;
  };
  const genres = (a.genre ?? "")
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
  return {
    game: {
      name: plainName(a.name),
      steamAppId: a.appid,
      developer: joinCompanies(splitCompanies(a.developer)),
      publisher: joinCompanies(splitCompanies(a.publisher)),
      genres,
      tags,
      // 0 for a game no longer sold, unless it is free to play (estimates/features.ts recordPrice).
      price: recordPrice({ priceUsd: usd(a.price), genres, tags }),
      // The list price beside a sale's price: the estimates multiply units by it.
      listPrice: recordPrice({ priceUsd: usd(a.initialprice), genres, tags }),
      positiveReviews: a.positive ?? null,
      negativeReviews: a.negative ?? null,
      ownersEstimate: owners,
    },
    ccu: a.ccu ?? null,
    owners,
    ownersBand: parseOwnersBand(a.owners),
  };
}

export class SteamSpyClient {
  readonly limiter = limiterFor("steamspy");
  readonly allLimiter = limiterFor("steamspy-all");
  constructor(private readonly config: { bases?: BaseOverrides } = {}) {}

  private call(params: Record<string, string>, limiter = this.limiter): Promise<unknown> {
    return requestJson(
      `${baseUrl("steamspy", this.config.bases)}?${new URLSearchParams(params)}`,
      {},
      { service: "steamspy", limiter },
    );
  }

  /** One app; null when SteamSpy doesn't know it (it answers an empty record). */
  async appDetails(appid: number): Promise<SteamSpyApp | null> {
    const parsed = App.safeParse(await this.call({ request: "appdetails", appid: String(appid) }));
    return parsed.success ? toSteamSpyApp(parsed.data) : null;
  }

  /** The 100 most played games of the past two weeks. Answers are objects keyed by appid. */
  async top100In2Weeks(): Promise<SteamSpyApp[]> {
    return keyedApps(await this.call({ request: "top100in2weeks" }));
  }

  /** Page `page` (from 0) of every app SteamSpy knows, 1,000 per page. */
  async allPage(page: number): Promise<SteamSpyApp[]> {
    return keyedApps(await this.call({ request: "all", page: String(page) }, this.allLimiter));
  }
}

function keyedApps(body: unknown): SteamSpyApp[] {
  const records = body && typeof body === "object" && !Array.isArray(body) ? Object.values(body) : body;
  return validEach("steamspy", records, App, toSteamSpyApp);
}

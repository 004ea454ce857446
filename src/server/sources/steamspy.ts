import { z } from "zod";
import type { GameRecord } from "../catalog/write.ts";
import { ownersMidpoint } from "../importers/steam-store.ts";
import { parseTagDict } from "../importers/steamspy.ts";
import { limiterFor, requestJson, validEach } from "./http.ts";

/** SteamSpy (no key, 1 request per second): `appdetails`, `top100in2weeks`, and `all` pages. */

const App = z.object({
  appid: z.number(),
  name: z.string().min(1),
  developer: z.string().optional(),
  publisher: z.string().optional(),
  positive: z.number().optional(),
  negative: z.number().optional(),
  owners: z.string().optional(),
  price: z.union([z.string(), z.number()]).nullable().optional(),
  ccu: z.number().optional(),
  genre: z.string().optional(),
  tags: z.union([z.record(z.string(), z.number()), z.array(z.unknown())]).optional(),
});

export interface SteamSpyApp {
  game: GameRecord;
  ccu: number | null;
  owners: number | null;
}

export function toSteamSpyApp(a: z.infer<typeof App>): SteamSpyApp {
  const tags = Array.isArray(a.tags)
    ? []
    : Object.entries(a.tags ?? {})
        .sort((x, y) => y[1] - x[1])
        .map(([t]) => t);
  const owners = ownersMidpoint(a.owners);
  const cents = a.price == null || a.price === "" ? null : Number(a.price);
  return {
    game: {
      name: a.name,
      steamAppId: a.appid,
      developer: a.developer || null,
      publisher: a.publisher || null,
      genres: (a.genre ?? "")
        .split(",")
        .map((g) => g.trim())
        .filter(Boolean),
      tags: tags.length ? tags : parseTagDict(undefined),
      price: cents == null || Number.isNaN(cents) ? null : cents / 100,
      positiveReviews: a.positive ?? null,
      negativeReviews: a.negative ?? null,
      ownersEstimate: owners,
      currentPlayers: a.ccu ?? null,
    },
    ccu: a.ccu ?? null,
    owners,
  };
}

export class SteamSpyClient {
  readonly limiter = limiterFor("steamspy");
  constructor(private readonly base = "https://steamspy.com/api.php") {}

  private async call(params: Record<string, string>): Promise<unknown> {
    return requestJson(
      `${this.base}?${new URLSearchParams(params)}`,
      {},
      { service: "steamspy", limiter: this.limiter },
    );
  }

  async appDetails(appid: number): Promise<SteamSpyApp | null> {
    const parsed = App.safeParse(await this.call({ request: "appdetails", appid: String(appid) }));
    return parsed.success ? toSteamSpyApp(parsed.data) : null;
  }

  /** Answers are objects keyed by appid. */
  async top100In2Weeks(): Promise<SteamSpyApp[]> {
    const body = (await this.call({ request: "top100in2weeks" })) as Record<string, unknown>;
    return validEach("steamspy", Object.values(body ?? {}), (item) => {
      const a = App.safeParse(item);
      return a.success ? toSteamSpyApp(a.data) : null;
    });
  }

  async allPage(page: number): Promise<SteamSpyApp[]> {
    const body = (await this.call({ request: "all", page: String(page) })) as Record<string, unknown>;
    return validEach("steamspy", Object.values(body ?? {}), (item) => {
      const a = App.safeParse(item);
      return a.success ? toSteamSpyApp(a.data) : null;
    });
  }
}

import { z } from "zod";
import { joinCompanies } from "../catalog/normalize.ts";
import type { CompanyRecord, GameRecord, PlatformRecord } from "../catalog/write.ts";
import { type BaseOverrides, baseUrl, limiterFor, requestJson, SourceError, validEach } from "./http.ts";
import { plainName, plainText } from "./plain-text.ts";

/**
 * IGDB v4 (issue 5): a Twitch client-credentials token, cached until it expires, then Apicalypse
 * queries for games, platforms and companies. IGDB allows 4 requests per second (SERVICE_LIMITS).
 */

export interface IgdbConfig {
  clientId: string;
  clientSecret: string;
  bases?: BaseOverrides;
}

const Named = z.object({ id: z.number(), name: z.string() });
/** An image IGDB expanded (`cover.url`), or only its id when a query didn't expand it. */
const Image = z.union([z.object({ url: z.string() }).partial(), z.number()]);
const imageUrl = (image: z.output<typeof Image> | undefined, size?: string) => {
  const url = typeof image === "object" ? image.url : undefined;
  if (!url) return null;
  const sized = size ? url.replace("/t_thumb/", `/${size}/`) : url;
  return sized.startsWith("//") ? `https:${sized}` : sized;
};
const GameSchema = z.object({
  id: z.number(),
  name: z.string().min(1),
  summary: z.string().optional(),
  url: z.string().optional(),
  first_release_date: z.number().optional(),
  aggregated_rating: z.number().min(0).max(100).optional(),
  aggregated_rating_count: z.number().nonnegative().optional(),
  cover: Image.optional(),
  genres: z.array(Named).optional(),
  platforms: z.array(Named).optional(),
  involved_companies: z
    .array(
      z.object({
        developer: z.boolean().optional(),
        publisher: z.boolean().optional(),
        company: Named.partial().optional(),
      }),
    )
    .optional(),
});
const PlatformSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string().optional(),
  abbreviation: z.string().optional(),
  generation: z.number().optional(),
  summary: z.string().optional(),
  platform_logo: Image.optional(),
});
const CompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string().optional(),
  description: z.string().optional(),
  start_date: z.number().optional(),
  logo: Image.optional(),
  developed: z.array(z.number()).optional(),
  published: z.array(z.number()).optional(),
});

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

const GAME_FIELDS =
  "name,summary,url,first_release_date,aggregated_rating,aggregated_rating_count,cover.url,genres.name,platforms.name,involved_companies.developer,involved_companies.publisher,involved_companies.company.name";

/**
 * Tokens per client id, kept for the process: Twitch app tokens last about two months, and each sync
 * run (or scheduled workflow) builds a new client.
 */
const tokens = new Map<string, { value: string; expiresAt: number }>();

/** Twitch refused the client id and secret (400/401/403 to the token request): the keys are wrong. */
export class CredentialsRefusedError extends SourceError {
  constructor(status?: number) {
    super("igdb", "Twitch refused the client id and secret", status);
  }
}
const pendingTokens = new Map<string, Promise<string>>();

export class IgdbClient {
  readonly limiter = limiterFor("igdb");
  constructor(private readonly config: IgdbConfig) {}

  private get tokenKey() {
    return `${baseUrl("twitchToken", this.config.bases)} ${this.config.clientId}`;
  }

  private get token() {
    return tokens.get(this.tokenKey) ?? null;
  }

  private set token(value: { value: string; expiresAt: number } | null) {
    if (value) tokens.set(this.tokenKey, value);
    else tokens.delete(this.tokenKey);
  }

  /** The Twitch app token, fetched once and reused until a minute before it expires. */
  private accessToken(): Promise<string> {
    const token = this.token;
    if (token && token.expiresAt > Date.now() + 60_000) return Promise.resolve(token.value);
    const key = this.tokenKey;
    let pending = pendingTokens.get(key);
    if (!pending) {
      pending = this.fetchToken().finally(() => pendingTokens.delete(key));
      pendingTokens.set(key, pending);
    }
    return pending;
  }

  private async fetchToken(): Promise<string> {
    const url = new URL(baseUrl("twitchToken", this.config.bases));
    url.searchParams.set("client_id", this.config.clientId);
    url.searchParams.set("client_secret", this.config.clientSecret);
    url.searchParams.set("grant_type", "client_credentials");
    let body: unknown;
    try {
      body = await requestJson(url.toString(), { method: "POST" }, { service: "igdb", retries: 1 });
    } catch (error) {
      // Twitch answers 400/403 to a wrong id or secret: say that, not a bare status.
      if (
        error instanceof SourceError &&
        (error.status === 400 || error.status === 401 || error.status === 403)
      )
        throw new CredentialsRefusedError(error.status);
      throw error;
    }
    const parsed = TokenSchema.safeParse(body);
    if (!parsed.success) throw new SourceError("igdb", "the token answer was not understood");
    this.token = { value: parsed.data.access_token, expiresAt: Date.now() + parsed.data.expires_in * 1000 };
    return parsed.data.access_token;
  }

  /** One Apicalypse query. A 401 means the token was revoked early: fetch a new one once. */
  async query(endpoint: "games" | "platforms" | "companies", body: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      try {
        return await requestJson(
          `${baseUrl("igdbApi", this.config.bases)}/${endpoint}`,
          {
            method: "POST",
            headers: { "Client-ID": this.config.clientId, Authorization: `Bearer ${token}` },
            body,
          },
          { service: "igdb", limiter: this.limiter },
        );
      } catch (error) {
        if (attempt === 0 && error instanceof SourceError && error.status === 401) {
          this.token = null;
          continue;
        }
        throw error;
      }
    }
  }

  /** Rated games, most ratings first (IGDB answers at most 500 per query). */
  async games(limit = 200, offset = 0): Promise<GameRecord[]> {
    const rows = await this.query(
      "games",
      `fields ${GAME_FIELDS}; where aggregated_rating_count > 0; sort aggregated_rating_count desc; limit ${limit}; offset ${offset};`,
    );
    return validEach("igdb", rows, GameSchema, toGameRecord);
  }

  /** Games released between two moments (Unix seconds), newest first: what "Recent" shows. */
  async releasedBetween(from: number, to: number, limit = 200): Promise<GameRecord[]> {
    const rows = await this.query(
      "games",
      `fields ${GAME_FIELDS}; where first_release_date >= ${Math.floor(from)} & first_release_date <= ${Math.floor(to)}; sort first_release_date desc; limit ${limit};`,
    );
    return validEach("igdb", rows, GameSchema, toGameRecord);
  }

  /** Platforms, including PlayStation and Xbox, which have no public catalog of their own. */
  async platforms(limit = 500): Promise<PlatformRecord[]> {
    const rows = await this.query(
      "platforms",
      `fields name,slug,abbreviation,generation,summary,platform_logo.url; limit ${limit};`,
    );
    return validEach("igdb", rows, PlatformSchema, toPlatformRecord);
  }

  async companies(limit = 200): Promise<CompanyRecord[]> {
    const rows = await this.query(
      "companies",
      `fields name,slug,description,start_date,logo.url,developed,published; where developed != null; limit ${limit};`,
    );
    return validEach("igdb", rows, CompanySchema, toCompanyRecord);
  }
}

export function toGameRecord(g: z.infer<typeof GameSchema>): GameRecord {
  const date = g.first_release_date ? new Date(g.first_release_date * 1000) : null;
  const companies = g.involved_companies ?? [];
  return {
    name: plainName(g.name),
    igdbId: g.id,
    summary: plainText(g.summary),
    websiteUrl: g.url ?? null,
    releaseDate: date ? date.toISOString().slice(0, 10) : null,
    genres: (g.genres ?? []).map((x) => plainName(x.name)),
    platforms: (g.platforms ?? []).map((x) => plainName(x.name)),
    rating: g.aggregated_rating ?? null,
    ratingCount: g.aggregated_rating_count ?? null,
    coverUrl: imageUrl(g.cover, "t_cover_big"),
    developer: joinCompanies(companies.filter((c) => c.developer).map((c) => plainName(c.company?.name))),
    publisher: joinCompanies(companies.filter((c) => c.publisher).map((c) => plainName(c.company?.name))),
  };
}

export function toPlatformRecord(p: z.infer<typeof PlatformSchema>): PlatformRecord {
  return {
    name: plainName(p.name),
    slug: p.slug,
    abbreviation: plainName(p.abbreviation),
    generation: p.generation ?? null,
    summary: plainText(p.summary),
    logoUrl: imageUrl(p.platform_logo, "t_logo_med"),
    igdbId: p.id,
  };
}

export function toCompanyRecord(c: z.infer<typeof CompanySchema>): CompanyRecord {
  return {
    name: plainName(c.name),
    slug: c.slug,
    description: plainText(c.description),
    startDate: c.start_date ? new Date(c.start_date * 1000).toISOString().slice(0, 10) : null,
    logoUrl: imageUrl(c.logo, "t_logo_med"),
    developedCount: c.developed?.length ?? 0,
    publishedCount: c.published?.length ?? 0,
    igdbId: c.id,
  };
}

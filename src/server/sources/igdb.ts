import { z } from "zod";
import type { CompanyRecord, GameRecord, PlatformRecord } from "../catalog/write.ts";
import { limiterFor, requestJson, SourceError, validEach } from "./http.ts";

/**
 * IGDB v4 (issue 5): a Twitch client-credentials token, cached until it expires, then Apicalypse
 * queries for games, platforms and companies. IGDB allows 4 requests per second (SERVICE_LIMITS).
 */

export interface IgdbConfig {
  clientId: string;
  clientSecret: string;
  apiBase?: string;
  tokenUrl?: string;
}

const Named = z.object({ id: z.number(), name: z.string() });
const GameSchema = z.object({
  id: z.number(),
  name: z.string().min(1),
  summary: z.string().optional(),
  url: z.string().optional(),
  first_release_date: z.number().optional(),
  aggregated_rating: z.number().optional(),
  aggregated_rating_count: z.number().optional(),
  cover: z.object({ url: z.string() }).partial().optional(),
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
  platform_logo: z.object({ url: z.string() }).partial().optional(),
});
const CompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string().optional(),
  description: z.string().optional(),
  start_date: z.number().optional(),
  logo: z.object({ url: z.string() }).partial().optional(),
  developed: z.array(z.number()).optional(),
  published: z.array(z.number()).optional(),
});

const TokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });

export class IgdbClient {
  private token: { value: string; expiresAt: number } | null = null;
  readonly limiter = limiterFor("igdb");
  constructor(private readonly config: IgdbConfig) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const url = new URL(this.config.tokenUrl ?? "https://id.twitch.tv/oauth2/token");
    url.searchParams.set("client_id", this.config.clientId);
    url.searchParams.set("client_secret", this.config.clientSecret);
    url.searchParams.set("grant_type", "client_credentials");
    const parsed = TokenSchema.safeParse(
      await requestJson(url.toString(), { method: "POST" }, { service: "igdb-auth", retries: 1 }),
    );
    if (!parsed.success) throw new SourceError("igdb", "the token answer was not understood");
    this.token = { value: parsed.data.access_token, expiresAt: Date.now() + parsed.data.expires_in * 1000 };
    return this.token.value;
  }

  async query(endpoint: string, body: string): Promise<unknown> {
    const token = await this.accessToken();
    return requestJson(
      `${this.config.apiBase ?? "https://api.igdb.com/v4"}/${endpoint}`,
      {
        method: "POST",
        headers: {
          "Client-ID": this.config.clientId,
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
        },
        body,
      },
      { service: "igdb", limiter: this.limiter },
    );
  }

  async games(limit = 100, offset = 0): Promise<GameRecord[]> {
    const rows = await this.query(
      "games",
      `fields name,summary,url,first_release_date,aggregated_rating,aggregated_rating_count,cover.url,genres.name,platforms.name,involved_companies.developer,involved_companies.publisher,involved_companies.company.name; where aggregated_rating_count > 0; sort aggregated_rating_count desc; limit ${limit}; offset ${offset};`,
    );
    return validEach("igdb", rows, (item) => {
      const g = GameSchema.safeParse(item);
      return g.success ? toGameRecord(g.data) : null;
    });
  }

  async platforms(limit = 200): Promise<PlatformRecord[]> {
    const rows = await this.query(
      "platforms",
      `fields name,slug,abbreviation,generation,summary,platform_logo.url; limit ${limit};`,
    );
    return validEach("igdb", rows, (item) => {
      const p = PlatformSchema.safeParse(item);
      return p.success ? toPlatformRecord(p.data) : null;
    });
  }

  async companies(limit = 200): Promise<CompanyRecord[]> {
    const rows = await this.query(
      "companies",
      `fields name,slug,description,start_date,logo.url,developed,published; sort developed desc; limit ${limit};`,
    );
    return validEach("igdb", rows, (item) => {
      const c = CompanySchema.safeParse(item);
      return c.success ? toCompanyRecord(c.data) : null;
    });
  }
}

const https = (url: string | undefined) => (url ? (url.startsWith("//") ? `https:${url}` : url) : null);

export function toGameRecord(g: z.infer<typeof GameSchema>): GameRecord {
  const date = g.first_release_date ? new Date(g.first_release_date * 1000) : null;
  const companies = g.involved_companies ?? [];
  return {
    name: g.name,
    igdbId: g.id,
    summary: g.summary ?? null,
    websiteUrl: g.url ?? null,
    releaseDate: date ? date.toISOString().slice(0, 10) : null,
    genres: (g.genres ?? []).map((x) => x.name),
    platforms: (g.platforms ?? []).map((x) => x.name),
    rating: g.aggregated_rating ?? null,
    ratingCount: g.aggregated_rating_count ?? null,
    coverUrl: https(g.cover?.url?.replace("t_thumb", "t_cover_big")),
    developer: companies.find((c) => c.developer)?.company?.name ?? null,
    publisher: companies.find((c) => c.publisher)?.company?.name ?? null,
  };
}

export function toPlatformRecord(p: z.infer<typeof PlatformSchema>): PlatformRecord {
  return {
    name: p.name,
    slug: p.slug,
    abbreviation: p.abbreviation ?? null,
    generation: p.generation ?? null,
    summary: p.summary ?? null,
    logoUrl: https(p.platform_logo?.url),
    igdbId: p.id,
  };
}

export function toCompanyRecord(c: z.infer<typeof CompanySchema>): CompanyRecord {
  return {
    name: c.name,
    slug: c.slug,
    description: c.description ?? null,
    startDate: c.start_date ? new Date(c.start_date * 1000).toISOString().slice(0, 10) : null,
    logoUrl: https(c.logo?.url),
    developedCount: c.developed?.length ?? 0,
    publishedCount: c.published?.length ?? 0,
    igdbId: c.id,
  };
}

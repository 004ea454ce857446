import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { esportsSummary, historicalGames, listKaggleDatasets, marketHistory } from "../analytics/history.ts";
import { requireUser } from "../auth/guards.ts";
import {
  freeGames,
  gamesByIds,
  listCompanies,
  listPlatforms,
  platformStats,
  popularGames,
  recentGames,
} from "../catalog/igdb-shape.ts";
import { searchGames } from "../catalog/search.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import { db } from "../db/client.ts";
import { communityDatasets } from "../db/schema/index.ts";
import { env } from "../env.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { pathParams, queryParams } from "../http/validate.ts";
import { GithubClient } from "../sources/github.ts";
import { SourceError } from "../sources/http.ts";
import { syncStates } from "../sources/sync.ts";

/** The games database (spec §7 `/api/igdb/*`), answered from our catalog. */
export const igdbRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/trending", async (c) =>
    c.json(await gamesByIds((await getTrendingGames()).slice(0, 20).map((g) => g.gameId))),
  )
  .get("/popular", async (c) => c.json(await popularGames()))
  .get("/recent", async (c) => c.json(await recentGames()))
  .get("/platforms", async (c) => c.json(await listPlatforms()))
  .get("/companies", async (c) => c.json(await listCompanies()))
  .get(
    "/search",
    queryParams(z.object({ q: z.string().trim().min(1, { message: "Required" }).max(100) })),
    async (c) => {
      const results = await searchGames(c.req.valid("query").q, 20);
      return c.json(await gamesByIds(results.map((r) => r.gameId)));
    },
  )
  .get("/status", async (c) => {
    const configured = !!(env().IGDB_CLIENT_ID && env().IGDB_CLIENT_SECRET);
    const last = (await syncStates()).get("igdb");
    return c.json({
      status: last?.status === "error" ? "degraded" : "operational",
      authenticated: configured ? true : "Not authenticated",
      lastSync: last?.lastSyncAt.toISOString() ?? null,
      message:
        last?.status === "error"
          ? last.message
          : configured
            ? null
            : "IGDB is not configured: games come from the imported catalog.",
    });
  });

const CONTENT_TTL_MS = 5 * 60_000;
const contentCache = new Map<string, { at: number; value: unknown }>();

/** Community datasets from public GitHub repositories (spec §7 `/api/github-gaming/*`). */
export const githubGamingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/datasets", async (c) => {
    c.header("Cache-Control", "private, max-age=300");
    const rows = await db()
      .select()
      .from(communityDatasets)
      .where(eq(communityDatasets.kind, "dataset"))
      .orderBy(desc(communityDatasets.stars));
    return c.json(rows.map((r) => r.data));
  })
  .get("/trending", async (c) => {
    c.header("Cache-Control", "private, max-age=300");
    const rows = await db()
      .select()
      .from(communityDatasets)
      .orderBy(desc(communityDatasets.fetchedAt), desc(communityDatasets.stars))
      .limit(30);
    const sorted = rows
      .map((r) => r.data as { lastUpdated: string })
      .sort((a, b) => b.lastUpdated.localeCompare(a.lastUpdated));
    return c.json(sorted);
  })
  .get(
    "/dataset/:owner/:repo",
    pathParams(
      z.object({ owner: z.string().regex(/^[\w.-]{1,100}$/), repo: z.string().regex(/^[\w.-]{1,100}$/) }),
    ),
    async (c) => {
      const { owner, repo } = c.req.valid("param");
      const key = `${owner}/${repo}`.toLowerCase();
      const cached = contentCache.get(key);
      if (cached && Date.now() - cached.at < CONTENT_TTL_MS) return c.json(cached.value);
      try {
        const content = await new GithubClient({ token: env().GITHUB_TOKEN }).datasetContent(owner, repo);
        contentCache.set(key, { at: Date.now(), value: content });
        return c.json(content);
      } catch (error) {
        if (error instanceof SourceError) {
          throw new HttpProblem(
            error.status === 404 ? 404 : 502,
            error.status === 404 ? "No accessible dataset content found" : error.message,
          );
        }
        throw error;
      }
    },
  );

/** Historical data (spec §7 `/api/kaggle/*`). */
export const kaggleRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/datasets", async (c) => c.json(await listKaggleDatasets()))
  .get("/historical", async (c) => c.json(await historicalGames()))
  .get("/market-trends", async (c) => c.json(await marketHistory()))
  .get("/esports", async (c) => c.json(await esportsSummary()));

const PLATFORMS = [
  { id: "steam", name: "Steam", via: "Steam store and SteamSpy (no key needed)", keyed: false },
  { id: "epic", name: "Epic Games Store", via: "free-games promotions (public)", keyed: false },
  { id: "gog", name: "GOG", via: "catalog (public)", keyed: false },
  { id: "playstation", name: "PlayStation", via: "metadata via IGDB", keyed: true },
  { id: "xbox", name: "Xbox", via: "metadata via IGDB", keyed: true },
  { id: "igdb", name: "IGDB", via: "IGDB v4 API", keyed: true },
  { id: "kaggle", name: "Kaggle", via: "datasets API", keyed: true },
  { id: "github", name: "GitHub", via: "repository search (token optional)", keyed: false },
] as const;

/** The 8 platforms with their real state (spec §2 Dashboard "Multi-Platform"). */
export const platformRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/all", async (c) => {
    const states = await syncStates();
    const config = env();
    const configured: Record<string, boolean> = {
      igdb: !!(config.IGDB_CLIENT_ID && config.IGDB_CLIENT_SECRET),
      playstation: !!(config.IGDB_CLIENT_ID && config.IGDB_CLIENT_SECRET),
      xbox: !!(config.IGDB_CLIENT_ID && config.IGDB_CLIENT_SECRET),
      kaggle: !!(config.KAGGLE_USERNAME && config.KAGGLE_KEY),
    };
    return c.json(
      PLATFORMS.map((p) => {
        const state = states.get(p.id === "playstation" || p.id === "xbox" ? "igdb" : p.id);
        const isConfigured = p.keyed ? configured[p.id] === true : true;
        return {
          id: p.id,
          name: p.name,
          source: p.via,
          configured: isConfigured,
          status: !isConfigured
            ? "not_configured"
            : !state
              ? "never_synced"
              : state.status === "ok"
                ? "connected"
                : "error",
          lastSync: state?.lastSyncAt.toISOString() ?? null,
          message: state?.status === "error" ? state.message : null,
        };
      }),
    );
  })
  .get("/stats", async (c) => c.json(await platformStats()))
  .get("/free-games", async (c) => c.json(await freeGames()));

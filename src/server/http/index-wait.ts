import type { MiddlewareHandler } from "hono";
import { catalogIndexBuilding } from "../catalog/catalog-index.ts";
import { searchIndexBuilding } from "../catalog/search-index.ts";

/** How long a request may wait for an in-memory index's whole build (seconds of CPU at 330,000 games, more under load). */
export const INDEX_BUILD_WAIT_SECONDS = 120;

/** What Bun.serve passes to the app (absent under `app.request()` in tests). */
type BunEnv = { server?: { timeout?(request: Request, seconds: number): void } };

/**
 * Right after a start (or during a rebuild) the search and catalog indexes are being built, and a
 * search, a screener page or a list waits for them, longer than Bun lets a request sit idle (10 s).
 * While either builds, every API request gets that long, rather than a reset connection; the rest
 * of the time Bun's idle timeout stands. One rule for every route that reads an index.
 */
export const indexBuildWait: MiddlewareHandler = async (c, next) => {
  if (searchIndexBuilding() || catalogIndexBuilding())
    (c.env as BunEnv | undefined)?.server?.timeout?.(c.req.raw, INDEX_BUILD_WAIT_SECONDS);
  await next();
};

/**
 * Live sources against a local server replaying recorded answers: sync throughput per adapter
 * (records stored per second), and how each service's rate limiter holds its published limit over a
 * 60-second run (requests per second, overall and in the busiest 1-second window).
 * Run: `bun bench/sources.bench.ts [seconds]` (default 60).
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printTable } from "./machine.ts";

const SECONDS = Number(process.argv[2] ?? 60);
const dbFile = join(tmpdir(), `gi-bench-sources-${crypto.randomUUID()}.db`);
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.LOG_LEVEL = "error";
process.env.IGDB_CLIENT_ID = "bench";
process.env.IGDB_CLIENT_SECRET = "bench";

const { runMigrations } = await import("../src/server/db/migrate.ts");
const { syncSource } = await import("../src/server/sources/sync.ts");
const { SERVICE_LIMITS, limiterFor, request } = await import("../src/server/sources/http.ts");
type LimitedService = keyof typeof SERVICE_LIMITS;
await runMigrations();

const SAMPLES = new URL("../../shared/datasets/api-samples/", import.meta.url);
const FIXTURES = new URL("../tests/fixtures/recorded/", import.meta.url);
const doom = JSON.parse(
  await Bun.file(new URL("doom-2016/igdb.games.expanded_single.json", SAMPLES)).text(),
)[0];
// 200 IGDB games per answer (the recorded DOOM record with distinct ids and names).
const igdbGames = JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ ...doom, id: 100_000 + i, name: `${doom.name} ${i}` })),
);
const files: Record<string, Blob> = {
  "/v4/platforms": Bun.file(new URL("igdb-v3-henry-sarabia/platform_list.json", SAMPLES)),
  "/v4/companies": Bun.file(new URL("igdb-v3-henry-sarabia/company_list.json", SAMPLES)),
  "/search/repositories": Bun.file(new URL("github-search/search_repositories_page1.json", SAMPLES)),
  "/api.php": Bun.file(new URL("steamspy-top100in2weeks.json", FIXTURES)),
  "/freeGamesPromotions": Bun.file(new URL("epic-free-games.json", FIXTURES)),
  "/v1/catalog": Bun.file(new URL("gog-catalog.json", FIXTURES)),
};
const server = Bun.serve({
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/oauth2/token") return Response.json({ access_token: "t", expires_in: 1e7 });
    if (path === "/v4/games")
      return new Response(igdbGames, { headers: { "Content-Type": "application/json" } });
    const f = files[path];
    return f
      ? new Response(f, { headers: { "Content-Type": "application/json" } })
      : Response.json({ ok: true });
  },
});
const base = `http://localhost:${server.port}`;

const throughput = [];
for (const [source, options] of [
  ["igdb", { igdbApiBase: `${base}/v4`, igdbTokenUrl: `${base}/oauth2/token` }],
  ["github", { githubApiBase: base }],
  ["steamspy", { steamspyBase: `${base}/api.php` }],
  ["epic", { epicBase: base }],
  ["gog", { gogBase: base }],
] as const) {
  const t = performance.now();
  const { records } = await syncSource(source, options);
  const seconds = (performance.now() - t) / 1000;
  throughput.push({
    source,
    records,
    seconds: seconds.toFixed(2),
    "records/s": Math.round(records / seconds),
  });
}
printTable("Sync against recorded answers (includes each service's rate limit)", throughput);

const results = await Promise.all(
  (Object.keys(SERVICE_LIMITS) as LimitedService[]).map(async (service) => {
    const perSecond = SERVICE_LIMITS[service];
    const limiter = limiterFor(service);
    const times: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    // Four callers competing for one limiter, as parallel sync steps would.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < end) {
          // The moment the limiter lets a request go is when it leaves (response times vary).
          await limiter.take();
          times.push(performance.now());
          await request(`${base}/ping`, {}, { service });
        }
      }),
    );
    times.sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      // Requests in any 1-second window (start inclusive, end exclusive).
      while (times[i]! - times[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    const span = (times.at(-1)! - times[0]!) / 1000;
    return {
      service,
      "limit /s": perSecond.toFixed(2),
      requests: times.length,
      "observed /s": ((times.length - 1) / span).toFixed(2),
      "busiest 1 s": busiest,
    };
  }),
);
printTable(`Rate limiters over ${SECONDS} s (4 competing callers each)`, results);
server.stop(true);
for (const s of ["", "-wal", "-shm"]) rmSync(dbFile + s, { force: true });
process.exit(0);

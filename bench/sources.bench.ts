/**
 * Live sources against a local server replaying recorded answers (tests/fixtures/recorded/server.ts):
 *  1. sync throughput per adapter (records stored per second), once at each service's published
 *     pace, as a real run goes, and once with the pacing lifted, which is what parsing, validating
 *     and storing cost;
 *  2. how each service's rate limiter holds its published limit over a 60-second run, with four
 *     callers competing (requests per second overall, and in the busiest 1-second window).
 * Run: `bun bench/sources.bench.ts [seconds]` (default 60).
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { printTable } from "./machine.ts";

const SECONDS = Number(process.argv[2] ?? 60);
const dbFile = join(tmpdir(), `gi-bench-sources-${crypto.randomUUID()}.db`);
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.LOG_LEVEL = "error";
process.env.DEMO_DATA = "off";
process.env.IGDB_CLIENT_ID = "bench";
process.env.IGDB_CLIENT_SECRET = "bench";
process.env.KAGGLE_USERNAME = "analyst";
process.env.KAGGLE_KEY = "kaggle-key";
process.env.GITHUB_TOKEN = "bench";

const { runMigrations } = await import("../src/server/db/migrate.ts");
const { closeDb } = await import("../src/server/db/client.ts");
const { syncSource } = await import("../src/server/sync/index.ts");
const { SERVICE_LIMITS, limiterFor, request } = await import("../src/server/sources/http.ts");
const { startReplay, sample, recorded, DATASETS } = await import("../tests/fixtures/recorded/server.ts");
// The full SteamSpy file sits in ../shared/datasets on the team's machines; without it the bench
// runs on the tests' 300-row excerpt and says so (copy the datasets folder beside the repository
// for the figures BENCHMARKS.md records).
const FULL_STEAMSPY = new URL(
  "../../shared/datasets/steamspy/steamspy_top1000_2023_tags.csv",
  import.meta.url,
);
const steamspyFile = (await Bun.file(FULL_STEAMSPY).exists())
  ? FULL_STEAMSPY
  : new URL("steamspy/steamspy_top1000_2023_tags.csv", DATASETS);
if (steamspyFile !== FULL_STEAMSPY) {
  console.warn(
    "../shared/datasets/steamspy is absent: the SteamSpy page holds the tests' 300-row excerpt, not the 1,000 real records.",
  );
}
type LimitedService = keyof typeof SERVICE_LIMITS;
type SyncSource = Parameters<typeof syncSource>[0];
await runMigrations();

const replay = await startReplay();
// Volume where the recordings are small: IGDB answers 500 games per query (the recorded DOOM record
// under distinct ids and names); a SteamSpy `all` page holds the 1,000 real SteamSpy records of
// ../shared/datasets/steamspy (its appdetails for the top 1000 apps, 2023).
const doom = (
  (await sample("doom-2016/igdb.games.expanded_single.json").json()) as Array<Record<string, unknown>>
)[0]!;
const igdbPage = JSON.stringify(
  Array.from({ length: 500 }, (_, i) => ({ ...doom, id: 100_000 + i, name: `${doom.name} ${i}` })),
);
replay.override(
  "/v4/games",
  () => new Response(igdbPage, { headers: { "Content-Type": "application/json" } }),
);
const spyRows = parse(await Bun.file(steamspyFile).text(), {
  columns: true,
  skip_empty_lines: true,
}) as Array<Record<string, string>>;
const allPage = JSON.stringify(
  Object.fromEntries(
    spyRows.map((r) => [
      r.appid,
      {
        appid: Number(r.appid),
        name: r.name,
        developer: r.developer,
        publisher: r.publisher,
        positive: Number(r.positive),
        negative: Number(r.negative),
        owners: r.owners,
        price: r.price,
        ccu: Number(r.ccu),
        genre: r.genre,
      },
    ]),
  ),
);
replay.override("/api.php", (_req, url) => {
  const kind = url.searchParams.get("request");
  const body =
    kind === "all"
      ? url.searchParams.get("page") === "0"
        ? allPage
        : "{}"
      : recorded("steamspy-top100in2weeks.json");
  return new Response(body, { headers: { "Content-Type": "application/json" } });
});

const RUNS: Array<[SyncSource, Parameters<typeof syncSource>[1]]> = [
  ["igdb", { bases: replay.bases, igdbPages: 1 }],
  ["steamspy", { bases: replay.bases, steamspyAllPages: 1 }],
  ["steam", { bases: replay.bases, steamGames: 10 }],
  ["github", { bases: replay.bases }],
  ["kaggle", { bases: replay.bases, kagglePages: 2 }],
  ["epic", { bases: replay.bases }],
  ["gog", { bases: replay.bases }],
];

async function throughput(paced: boolean) {
  const rows = [];
  for (const [source, options] of RUNS) {
    const { records, durationMs } = await syncSource(source, options);
    const requests = replay.log.length;
    replay.log.length = 0;
    rows.push({
      source,
      requests,
      records,
      seconds: (durationMs / 1000).toFixed(2),
      "records/s": Math.round(records / (durationMs / 1000)),
      pacing: paced ? "published limit" : "lifted",
    });
  }
  return rows;
}

replay.log.length = 0;
const paced = await throughput(true);
// The second pass starts from an empty database too, so both store the same new rows.
closeDb();
for (const suffix of ["", "-wal", "-shm"]) rmSync(dbFile + suffix, { force: true });
await runMigrations();
for (const service of Object.keys(SERVICE_LIMITS) as LimitedService[]) limiterFor(service).setRate(1e9);
const unpaced = await throughput(false);
printTable("Sync against recorded answers (records stored per second)", [...paced, ...unpaced]);
for (const service of Object.keys(SERVICE_LIMITS) as LimitedService[])
  limiterFor(service).setRate(SERVICE_LIMITS[service]);

/** The most requests in any 1-second window (start inclusive, end exclusive). */
function busiest(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

replay.log.length = 0;
const results = await Promise.all(
  (Object.keys(SERVICE_LIMITS) as LimitedService[]).map(async (service) => {
    const limiter = limiterFor(service);
    const sent: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    // Four callers competing for one limiter, as parallel sync steps and API routes would.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < end) {
          // A caller still waiting at the end stops waiting (SteamSpy's `all` pace is 1 a minute).
          const turn = await Promise.race([
            limiter.take().then(() => true),
            Bun.sleep(Math.max(0, end - performance.now())).then(() => false),
          ]);
          if (!turn || performance.now() >= end) break;
          sent.push(performance.now());
          await request(`${replay.base}/limit/${service}`, {}, { service });
        }
      }),
    );
    // What the service counts: arrivals at the server.
    const arrived = replay.log.filter((r) => r.path === `/limit/${service}`).map((r) => r.at);
    const span = arrived.length > 1 ? (Math.max(...arrived) - Math.min(...arrived)) / 1000 : Number.NaN;
    return {
      service,
      "limit /s": SERVICE_LIMITS[service].toFixed(3),
      requests: arrived.length,
      "observed /s": arrived.length > 1 ? ((arrived.length - 1) / span).toFixed(3) : "—",
      "busiest 1 s (arrived)": busiest(arrived),
      "busiest 1 s (sent)": busiest(sent),
    };
  }),
);
printTable(`Rate limiters over ${SECONDS} s (4 competing callers each)`, results);
await replay.stop();
closeDb();
for (const s of ["", "-wal", "-shm"]) rmSync(dbFile + s, { force: true });
process.exit(0);

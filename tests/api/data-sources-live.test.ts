import { afterAll, beforeAll, expect, test } from "vitest";
import type { DataSourceEntry } from "../../src/contracts/data-sources.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { syncSource } from "../../src/server/sync/index.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * The Data sources page lists every service whose data the app shows (review 8, item 4): IGDB, Kaggle,
 * GitHub, Epic and GOG beside the Steam sources and the datasets, each with its licence or terms, what
 * it provides and its newest data; "not synced yet" before its first sync (recorded answers here).
 */
const LIVE = ["igdb", "kaggle", "github", "epic", "gog"] as const;
const KEYS = {
  IGDB_CLIENT_ID: "client-id",
  IGDB_CLIENT_SECRET: "client-secret",
  KAGGLE_USERNAME: "analyst",
  KAGGLE_KEY: "kaggle-key",
};
let replay: Replay;
let user: TestUser;
beforeAll(async () => {
  replay = await startReplay();
  user = await createTestUser();
  Object.assign(process.env, KEYS);
  resetEnvForTests();
});
afterAll(async () => {
  for (const k of Object.keys(KEYS)) delete process.env[k];
  resetEnvForTests();
  await replay.stop();
});

const sources = async () => {
  const res = await request("/api/data-sources", { cookie: user.cookie });
  expect(res.status).toBe(200);
  const { sources } = (await res.json()) as { sources: DataSourceEntry[] };
  return new Map(sources.map((s) => [s.id, s]));
};

test("before any sync: each is listed with its terms and what it provides, and nothing stored yet", async () => {
  const byId = await sources();
  const names = LIVE.map((id) => byId.get(id)?.name);
  expect(names).toEqual(["IGDB", "Kaggle", "GitHub", "Epic Games Store", "GOG"]);
  for (const id of LIVE) {
    const s = byId.get(id)!;
    expect(s.licence.length, id).toBeGreaterThan(20);
    expect(s.provides.length, id).toBeGreaterThan(20);
    expect(s.url, id).toMatch(/^https:\/\//);
    expect(s, id).toMatchObject({ records: 0, asOf: null, lastSync: null, live: true });
  }
  expect(byId.get("igdb")!.licence).toContain("IGDB");
  expect(byId.get("kaggle")!.provides).toContain("Historical Analytics");
});

test("after their syncs: records, newest data and last sync from the stored rows and the sync state", async () => {
  const started = Date.now();
  for (const id of LIVE) await syncSource(id, { bases: replay.bases });
  const byId = await sources();
  const units = {
    igdb: "records (games, platforms, companies)",
    kaggle: "datasets",
    github: "repositories",
    epic: "free games",
    gog: "offers",
  };
  for (const id of LIVE) {
    const s = byId.get(id)!;
    expect(s.unit, id).toBe(units[id]);
    expect(s.records, id).toBeGreaterThan(0);
    expect(Date.parse(s.lastSync!), id).toBeGreaterThanOrEqual(started - 1000);
    // The data was read at the sync: the newest data is no older than the run that read it.
    expect(Date.parse(s.asOf!), id).toBeGreaterThanOrEqual(started - 86_400_000);
  }
  // Each counts its own rows: the stores' offers per store (the recordings hold 1 free Epic game and
  // 2 GOG offers), Kaggle's 2 recorded datasets.
  expect([byId.get("epic")!.records, byId.get("gog")!.records, byId.get("kaggle")!.records]).toEqual([
    1, 2, 2,
  ]);
});

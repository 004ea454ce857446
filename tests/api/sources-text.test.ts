import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { limiterFor, SERVICE_LIMITS } from "../../src/server/sources/http.ts";
import { toCompanyRecord, toGameRecord } from "../../src/server/sources/igdb.ts";
import { plainText } from "../../src/server/sources/plain-text.ts";
import { SteamClient } from "../../src/server/sources/steam.ts";
import { type Replay, sample, startReplay } from "../fixtures/recorded/server.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Texts from services that write HTML into their JSON are stored and shown as plain text (review 8,
 * item 3): Steam's recorded store page of Portal 2 says `The &quot;Perpetual Testing Initiative&quot;`.
 * New records are cleaned by the adapters; migration 0025 repairs the rows stored before.
 */
let replay: Replay;
let user: TestUser;
beforeAll(async () => {
  // Steam's pacing (1 call per 1.5 s) is the limiter's, tested with the HTTP layer; lifted here.
  limiterFor("steam").setRate(20);
  replay = await startReplay();
  user = await createTestUser();
});
afterAll(async () => {
  limiterFor("steam").setRate(SERVICE_LIMITS.steam);
  await replay.stop();
});

type AppDetails = Record<
  string,
  { data?: { steam_appid: number; name: string; short_description?: string } }
>;
const recordedApps = async () =>
  Object.values((await sample("steam-appdetails-80/appdetails.json").json()) as AppDetails).flatMap((a) =>
    a.data?.short_description ? [a.data] : [],
  );

test("a Steam store page's description is stored and shown with its entities decoded", async () => {
  const portal = await new SteamClient({ bases: replay.bases }).appDetails(620);
  expect(portal!.summary).toBe(
    'The "Perpetual Testing Initiative" has been expanded to allow you to design co-op puzzles for you and your friends!',
  );
  const { ids } = await upsertGames([portal!], "steam-api");
  const res = await request(`/api/games/${ids[0]}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  const page = JSON.stringify(await res.json());
  expect(page).toContain('The \\"Perpetual Testing Initiative\\"');
  expect(page).not.toContain("&quot;");
});

test("none of the 80 recorded store pages keeps an entity or a tag in its stored description", async () => {
  const steam = new SteamClient({ bases: replay.bases });
  const apps = await recordedApps();
  const raw = apps.filter((a) => /&[#a-z0-9]+;|<\/?[a-z]+>/i.test(a.short_description!));
  // The recording has them: Portal 2's quotes, "Cyanide &amp; Happiness", Borderlands 3's "&amp; enemies"…
  expect(raw.length).toBeGreaterThanOrEqual(4);
  for (const app of raw) {
    const record = await steam.appDetails(app.steam_appid);
    expect(record!.summary, app.name).not.toMatch(/&(quot|amp|#\d+);/);
  }
});

test("migration 0025 repairs descriptions stored before as the adapters now store them", async () => {
  const apps = await recordedApps();
  // As they were stored before: the store's text unchanged.
  const { ids } = await upsertGames(
    apps.map((a) => ({ name: `${a.name} (stored before)`, summary: a.short_description! })),
    "steam-api",
  );
  const sql = readFileSync(
    new URL("../../migrations/0025_source-text-and-keys.sql", import.meta.url),
    "utf8",
  );
  const repairs = sql.split("--> statement-breakpoint").filter((s) => /UPDATE `games` SET `summary`/.test(s));
  expect(repairs.length).toBeGreaterThan(0);
  for (const statement of repairs) await rawClient().execute(statement);
  const stored = await rawClient().execute({
    sql: "SELECT j.key AS i, g.summary FROM json_each(?) j JOIN games g ON g.id = j.value",
    args: [JSON.stringify(ids)],
  });
  expect(stored.rows).toHaveLength(apps.length);
  for (const r of stored.rows) {
    const app = apps[Number(r.i)]!;
    expect(r.summary, app.name).toBe(plainText(app.short_description));
  }
  expect(stored.rows.some((r) => String(r.summary).includes('"Perpetual Testing Initiative"'))).toBe(true);
});

test("IGDB's descriptions and summaries are stored as text too", () => {
  // IGDB writes carriage returns as entities in company descriptions ("…Portable.&#13;\n&#13;\nIn…").
  const company = toCompanyRecord({
    id: 1,
    name: "Sony Interactive Entertainment",
    slug: "sony",
    description: "also the PlayStation Portable.&#13;\n&#13;\nIn 2016, SIE &amp; its studios",
  });
  expect(company.description).toBe("also the PlayStation Portable.\n\nIn 2016, SIE & its studios");
  const game = toGameRecord({
    id: 2,
    name: "Ratchet &amp; Clank",
    summary: "<p>Ratchet &amp; Clank&#39;s return</p>",
  });
  expect(game).toMatchObject({ name: "Ratchet & Clank", summary: "Ratchet & Clank's return" });
});

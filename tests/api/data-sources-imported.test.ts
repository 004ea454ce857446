import { expect, test } from "vitest";
import { DATED_IMPORTERS, IMPORTERS } from "../../src/server/importers/index.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * The Data sources page lists every source the data came from: a dataset an operator imports by hand
 * appears, with its records and newest data, once it holds some, and a SteamSpy export is credited as
 * the file it is, not as the live sync; a SteamDB export (imported as `steamcharts-csv`) as SteamDB.
 */

const FIXTURES = "tests/fixtures/datasets";

interface Entry {
  id: string;
  name: string;
  licence: string;
  asOf: string | null;
  records: number;
  unit: string;
}

test("hand-imported datasets are listed once they hold records", async () => {
  const user = await createTestUser();
  const list = async () =>
    ((await (await request("/api/data-sources", { cookie: user.cookie })).json()) as { sources: Entry[] })
      .sources;
  const before = (await list()).map((s) => s.id);
  for (const id of [
    "steamcharts-csv",
    "steamdb-csv",
    "steamspy-csv",
    "esports-earnings",
    "twitch-sullygnome",
    "vgsales-csv",
  ])
    expect(before).not.toContain(id);

  await IMPORTERS["steamcharts-csv"]!(`${FIXTURES}/steamcharts/steamcharts_monthly_top1000_2022-02.csv`);
  await IMPORTERS["steamcharts-csv"]!(`${FIXTURES}/steamcharts/steamdb_daily_ccu_top10_2011-2022.csv`);
  // Its name says 2023 and no day: the importer refuses it without the day it was taken.
  await DATED_IMPORTERS["steamspy-csv"]!(
    `${FIXTURES}/steamspy/steamspy_top1000_2023_tags.csv`,
    new Date(Date.UTC(2023, 0, 1)),
  );
  await IMPORTERS["esports-csv"]!(`${FIXTURES}/esports`);

  const after = await list();
  const byId = new Map(after.map((s) => [s.id, s]));
  expect(byId.get("steamcharts-csv")).toMatchObject({ name: "SteamCharts", unit: "data points" });
  expect(byId.get("steamcharts-csv")!.records).toBeGreaterThan(0);
  // SteamCharts' data ends in February 2022; SteamDB's export runs to December 2022.
  expect(byId.get("steamcharts-csv")!.asOf?.slice(0, 7)).toBe("2022-02");
  expect(byId.get("steamdb-csv")).toMatchObject({ name: "SteamDB", unit: "data points" });
  expect(byId.get("steamdb-csv")!.asOf?.slice(0, 10)).toBe("2022-12-14");
  expect(byId.get("steamspy-csv")!.records).toBeGreaterThan(0);
  // The live sync has stored nothing: the export is not counted as its records.
  expect(byId.get("steamspy-api")).toMatchObject({ records: 0, asOf: null });
  const esports = byId.get("esports-earnings")!;
  expect(esports).toMatchObject({ name: "Esports Earnings", unit: "rows" });
  expect(esports.records).toBeGreaterThan(0);
  expect(esports.asOf).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/);
  for (const s of after) expect(s.licence).toBeTruthy();
  // Not imported: still absent.
  expect(byId.has("twitch-sullygnome")).toBe(false);
});

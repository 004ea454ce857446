import { expect, test } from "vitest";
import type { GameDetail, SameTitleEntry } from "../../../contracts/game-page.ts";
import type { Provenance } from "../../../contracts/provenance.ts";
import { noSumReason, sameTitleCsv } from "./same-title-csv.ts";

// Review r26/a #11: the same-title section's CSV lacked the sum row the screen shows, and where the
// entries' units come from two files (Myst IV: PC from the undated vgsales.csv, XB from the 2016 file)
// the section gave no sum without saying why.
const FILE_2016: Provenance = { source: "VGChartz sales dataset", asOf: "2016-12-22T00:00:00.000Z" };
const UNDATED: Provenance = { source: "VGChartz sales dataset (vgsales.csv)", asOf: null };

function entry(
  id: string,
  platforms: string[],
  units: number | null,
  provenance = [FILE_2016],
): SameTitleEntry {
  return {
    id,
    slug: id,
    name: "Grand Theft Auto V",
    platforms,
    releaseDate: null,
    releaseYear: 2013,
    steamAppId: null,
    isDemo: false,
    publishedUnits: units == null ? null : { units, provenance },
    unitsEstimate: null,
  };
}

type Game = Pick<GameDetail, "id" | "publishedSales" | "sameTitle">;
const sales = (units: number, provenance = [FILE_2016]) =>
  ({ units, provenance }) as unknown as GameDetail["publishedSales"];

const gtaV: Game = {
  id: "gta-ps4",
  publishedSales: sales(18_090_000),
  sameTitle: {
    entries: [entry("gta-ps3", ["PS3", "X360"], 37_310_000), entry("gta-pc", ["PC"], 1_170_000)],
    total: 2,
    publishedTotal: {
      units: 56_570_000,
      gameIds: ["gta-ps4", "gta-ps3", "gta-pc"],
      entriesWithout: 0,
      ...FILE_2016,
      method: "Sum of the units the file publishes",
    },
    noTotalReason: null,
  },
};

test("the CSV ends with the sum the section shows, naming the entries it adds up", () => {
  const csv = sameTitleCsv(gtaV);
  const col = (name: string) => csv.header.indexOf(name);
  expect(csv.rows).toHaveLength(3);
  const sum = csv.rows[2]!;
  expect(sum[col("id")]).toEqual(["gta-ps4", "gta-ps3", "gta-pc"]);
  expect(sum[col("name")]).toBe("Sum of published units (3 entries, this one included)");
  expect(sum[col("units sold (published)")]).toBe(56_570_000);
  expect(sum[col("published source")]).toBe("VGChartz sales dataset");
  expect(sum[col("published as of (ISO 8601)")]).toBe(FILE_2016.asOf);
  expect(csv.rows.slice(0, 2).map((r) => r[col("in the published sum")])).toEqual(["yes", "yes"]);
  expect(noSumReason(gtaV)).toBeNull();
});

test("entries from two files: no sum row, and one line says why", () => {
  const myst: Game = {
    id: "myst-pc",
    publishedSales: sales(70_000, [UNDATED]),
    sameTitle: {
      entries: [entry("myst-xb", ["XB"], 30_000)],
      total: 1,
      publishedTotal: null,
      noTotalReason: null,
    },
  };
  const csv = sameTitleCsv(myst);
  expect(csv.rows).toHaveLength(1);
  expect(csv.rows[0]![csv.header.indexOf("in the published sum")]).toBeNull();
  expect(noSumReason(myst)).toBe(
    "No sum of published units: they come from 2 different files (VGChartz sales dataset (vgsales.csv), undated; VGChartz sales dataset, Dec 2016), and a sum across files would be a figure of neither.",
  );
});

test("no reason line where nothing could be summed or the section says itself why", () => {
  // One entry with published units (God of War's PS2 beside its Steam entry): nothing to add up.
  const one: Game = {
    id: "gow-ps2",
    publishedSales: sales(4_450_000),
    sameTitle: {
      entries: [entry("gow-steam", [], null)],
      total: 1,
      publishedTotal: null,
      noTotalReason: null,
    },
  };
  expect(noSumReason(one)).toBeNull();
  // More entries than shown: the section already says no sum is given across part of them.
  const capped: Game = {
    id: "a",
    publishedSales: sales(1, [UNDATED]),
    sameTitle: { entries: [entry("b", ["XB"], 2)], total: 30, publishedTotal: null, noTotalReason: null },
  };
  expect(noSumReason(capped)).toBeNull();
});

test("entries released years apart: the server's reason is the one the section gives (review r26/b #3)", () => {
  const reason =
    "No sum of published units: the entries that have some were released in 2005, 2012 and 2013, more than 3 years apart, so they may be different games of this name (a remake or a reboot), and their sum would be the figure of no one game.";
  const mw: Game = {
    id: "mw-2005",
    publishedSales: sales(5_460_000),
    sameTitle: {
      entries: [entry("mw-2012", ["PS3", "X360"], 270_000)],
      total: 1,
      publishedTotal: null,
      noTotalReason: reason,
    },
  };
  expect(noSumReason(mw)).toBe(reason);
});

import { expect, test } from "vitest";
import type { GameDetail } from "../../../contracts/game-page.ts";
import { noSumReason } from "../game/same-title-csv.ts";
import { keyFigureNoteProvenance, keyFiguresCsv, PUBLISHED_FIGURES, SOURCED_FIGURES } from "./key-figures.ts";

// Review r29-a #3: compare_key-figures.csv gave Price, Players, the reviews and Owners (source figure)
// with no source and no date, and "Players" said no month; the table on screen names them all.
const SPY = { source: "Steam via SteamSpy (dataset)", asOf: "2023-03-01T00:00:00.000Z" };
const FEB = "2022-02-01T00:00:00.000Z";
const stardew = {
  id: "stardew",
  name: "Stardew Valley",
  price: 14.99,
  discount: null,
  ownersBand: null,
  latest: {
    price: { value: 14.99, period: "instant", ...SPY },
    players: { value: 28_793.45, period: "month", source: "SteamCharts", asOf: FEB },
    reviews_positive: { value: 575_047, period: "instant", ...SPY },
    reviews_negative: { value: 10_404, period: "instant", ...SPY },
    owners: { value: 15_000_000, period: "instant", ...SPY },
  },
  players: { latest: { value: 28_793.45, at: FEB, period: "month", partial: true } },
} as unknown as GameDetail;
// A game whose price is the catalog record's alone, with no owners figure but a band with no lower end.
const small = {
  id: "small",
  name: "Small Game",
  price: 4.99,
  discount: null,
  provenance: { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" },
  ownersBand: { low: 0, high: 20_000, ...SPY },
  latest: {},
  players: null,
} as unknown as GameDetail;

const csv = keyFiguresCsv(SOURCED_FIGURES, [stardew, small]);
const row = (label: string) => {
  const r = csv.rows.find((x) => x[0] === label);
  expect(r, label).toBeDefined();
  return r!;
};

test("every sourced figure has a source row and an as-of row, each game's own", () => {
  for (const label of [
    "Price",
    "Players",
    "Positive reviews",
    "Negative reviews",
    "Owners (source figure)",
  ]) {
    expect(row(`${label}: source`)[1]).toBe("");
    expect(row(`${label}: as of`)[1]).toBe("ISO 8601");
  }
  expect(row("Price: source").slice(2)).toEqual([SPY.source, "Steam Store Games (Kaggle, CC BY 4.0)"]);
  expect(row("Price: as of").slice(2)).toEqual([SPY.asOf, "2019-05-01T00:00:00.000Z"]);
  expect(row("Positive reviews: source").slice(2)).toEqual([SPY.source, null]);
  expect(row("Negative reviews: as of").slice(2)).toEqual([SPY.asOf, null]);
  // The band with no lower end ("< 20K") is the owners figure the cell shows: its source and date.
  expect(row("Owners (source figure): source").slice(2)).toEqual([SPY.source, SPY.source]);
});

test("Players says its month: the monthly average is dated by its month, its source named", () => {
  // The source's own value, as the players chart's CSV gives it (review r31a #6: 583 here, 583.24 there).
  expect(row("Players").slice(2)).toEqual([28_793.45, null]);
  expect(row("Players figure").slice(2)).toEqual(["partial month (average)", null]);
  expect(row("Players: source").slice(2)).toEqual(["SteamCharts", null]);
  expect(row("Players: as of").slice(2)).toEqual([FEB, null]);
});

test("the source rows follow their figure's own rows", () => {
  const labels = csv.rows.map((r) => r[0]);
  expect(labels.indexOf("Price: source")).toBeGreaterThan(labels.indexOf("Discount"));
  expect(labels.indexOf("Players: source")).toBe(labels.indexOf("Players figure") + 1);
  for (const h of csv.header) expect(h).not.toMatch(/[a-z][A-Z]/);
  for (const r of csv.rows) expect(String(r[0]), String(r[0])).not.toMatch(/[a-z][A-Z]/);
});

// Review r31a #6: the cell read "583.2 avg. players" where the game page read "583".
test("the Players cell gives whole players, the CSV the source's value", () => {
  const halfLife = {
    ...stardew,
    id: "hl",
    name: "Half-Life",
    latest: { players: { value: 583.24, period: "month", source: "SteamCharts", asOf: FEB } },
    players: { latest: { value: 583, at: FEB, period: "month" } },
  } as unknown as GameDetail;
  const players = SOURCED_FIGURES.find((f) => f.label === "Players")!;
  expect(players.show(halfLife)).toBe("583 avg. players, Feb 2022");
  expect(players.value(halfLife)).toBe(583.24);
});

// Review r31a #4: Compare gave Mario Kart Wii no sales figure ("Units sold (estimate): not estimated")
// while its page shows the 35.52M VGChartz published, and Half-Life none of its 4.12M nor the 4.72M
// its page sums over the title's entries.
const DEC_2016 = "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)";
const DEC_2016_AT = "2016-12-22T00:00:00.000Z";
const METHOD =
  "Units sold as the dataset publishes them (millions, to two decimals), summed over platforms; not an estimate";
const mkWii = {
  id: "mkwii",
  name: "Mario Kart Wii",
  latest: {},
  players: null,
  publishedSales: {
    units: 35_520_000,
    regions: { northAmerica: 15_680_000, europe: 12_760_000, japan: 3_790_000, other: null },
    regionsNotGiven: { northAmerica: 0, europe: 0, japan: 0, other: 1 },
    platforms: [],
    provenance: [{ source: DEC_2016, asOf: DEC_2016_AT, method: METHOD }],
  },
  sameTitle: null,
} as unknown as GameDetail;
const halfLifeSales = {
  id: "hl",
  name: "Half-Life",
  latest: {},
  players: null,
  publishedSales: {
    units: 4_120_000,
    regions: { northAmerica: 4_030_000, europe: 0, japan: 90_000, other: null },
    regionsNotGiven: { northAmerica: 0, europe: 0, japan: 0, other: 1 },
    platforms: [],
    provenance: [{ source: "VGChartz sales dataset (vgsales.csv)", asOf: null, method: METHOD }],
  },
  sameTitle: {
    entries: [],
    total: 1,
    publishedTotal: {
      units: 4_720_000,
      gameIds: ["hl", "hl-ps2"],
      entriesWithout: 0,
      source: "VGChartz sales dataset (vgsales.csv)",
      asOf: null,
      method: "sum",
    },
    noTotalReason: null,
  },
} as unknown as GameDetail;

test("Compare's key figures give the units a sales file published, labelled as published, with their source", () => {
  const [units, summed] = PUBLISHED_FIGURES;
  expect(units!.label).toBe("Units sold (published)");
  expect(units!.show(mkWii)).toBe("35.52M (published, not an estimate)");
  expect(units!.show(small)).toBe("–");
  expect(summed!.show(halfLifeSales)).toBe("4.72M (published: the sum of 2 entries, this one included)");
  expect(summed!.show(mkWii)).toBe("–");
  const published = keyFiguresCsv(PUBLISHED_FIGURES, [mkWii, halfLifeSales, small]);
  const line = (label: string) => published.rows.find((r) => r[0] === label)?.slice(1);
  expect(line("Units sold (published)")).toEqual(["units", 35_520_000, 4_120_000, null]);
  expect(line("Units sold (published): source")).toEqual([
    "",
    DEC_2016,
    "VGChartz sales dataset (vgsales.csv)",
    null,
  ]);
  expect(line("Units sold (published): as of")).toEqual(["ISO 8601", DEC_2016_AT, null, null]);
  expect(line("Units sold (published), North America")).toEqual(["units", 15_680_000, 4_030_000, null]);
  expect(line("Units sold (published), Japan")).toEqual(["units", 3_790_000, 90_000, null]);
  expect(line("Units sold (published), Other regions")).toEqual(["units", null, null, null]);
  const sum = "Units sold (published), entries of this title summed";
  expect(line(sum)).toEqual(["units", null, 4_720_000, null]);
  expect(line(`${sum}: entries`)).toEqual(["ids", null, "hl; hl-ps2", null]);
  expect(line(`${sum}: source`)).toEqual(["", null, "VGChartz sales dataset (vgsales.csv)", null]);
  // The note under the table names an undated file as the game page does.
  expect(keyFigureNoteProvenance(PUBLISHED_FIGURES, [halfLifeSales]).map((p) => p.source)).toContain(
    "VGChartz sales dataset (vgsales.csv), undated (the file states no date)",
  );
});

// Review s9 #1: where the server gives no sum over the title's entries, the summed row read "–" with no
// reason, while the game page's same-title section says why (entries released years apart, or their
// units from different files). Compare says the same words under the cell and in its CSV.
const YEARS_APART =
  "No sum of published units: the entries that have some were released in 2005, 2012 and 2013, more than 3 years apart, so they may be different games of this name (a remake or a reboot), and their sum would be the figure of no one game.";
const mostWanted = {
  ...mkWii,
  id: "mw-2005",
  name: "Need for Speed: Most Wanted",
  sameTitle: {
    entries: [
      {
        id: "mw-2012",
        publishedUnits: { units: 270_000, provenance: [{ source: DEC_2016, asOf: DEC_2016_AT }] },
      },
    ],
    total: 1,
    publishedTotal: null,
    noTotalReason: YEARS_APART,
  },
} as unknown as GameDetail;
// Myst IV: the PC entry's units from the undated vgsales.csv, the Xbox entry's from the 2016 file.
const mystIv = {
  ...mkWii,
  id: "myst-pc",
  name: "Myst IV: Revelation",
  publishedSales: {
    ...mkWii.publishedSales,
    units: 70_000,
    provenance: [{ source: "VGChartz sales dataset (vgsales.csv)", asOf: null }],
  },
  sameTitle: {
    entries: [
      {
        id: "myst-xb",
        publishedUnits: { units: 30_000, provenance: [{ source: DEC_2016, asOf: DEC_2016_AT }] },
      },
    ],
    total: 1,
    publishedTotal: null,
    noTotalReason: null,
  },
} as unknown as GameDetail;

test("no sum over the title's entries: Compare says why, in the game page's words, on screen and in the CSV", () => {
  const summed = PUBLISHED_FIGURES[1]!;
  expect(summed.show(mostWanted)).toBe("–");
  expect(summed.note?.(mostWanted)).toBe(YEARS_APART);
  expect(summed.note?.(mystIv)).toBe(noSumReason(mystIv));
  expect(summed.note?.(mystIv)).toMatch(/^No sum of published units: they come from 2 different files/);
  // A sum, or nothing to add up: no reason to give.
  expect(summed.note?.(halfLifeSales)).toBeNull();
  expect(summed.note?.(mkWii)).toBeNull();
  const csv = keyFiguresCsv(PUBLISHED_FIGURES, [mostWanted, mystIv, halfLifeSales, mkWii]);
  const why = csv.rows.find(
    (r) => r[0] === "Units sold (published), entries of this title summed: why no sum",
  );
  expect(why?.slice(1)).toEqual(["", YEARS_APART, noSumReason(mystIv), null, null]);
});

test("a title with more entries than a game page reads: Compare says no sum is given across part of them", () => {
  const summed = PUBLISHED_FIGURES[1]!;
  const many = {
    ...mystIv,
    sameTitle: { ...mystIv.sameTitle!, total: 31 },
  } as unknown as GameDetail;
  expect(summed.show(many)).toBe("–");
  expect(summed.note?.(many)).toBe(
    "No sum of published units: the catalog has 31 other entries of this title, more than the 1 a game page reads, and no sum is given across part of them.",
  );
  // Nothing published to add up: nothing to explain.
  const none = {
    ...many,
    publishedSales: null,
    sameTitle: { ...many.sameTitle!, entries: [{ id: "x", publishedUnits: null }] },
  } as unknown as GameDetail;
  expect(summed.note?.(none)).toBeNull();
});

import { expect, test } from "vitest";
import type { GameDetail } from "../../../contracts/game-page.ts";
import { keyFiguresCsv, SOURCED_FIGURES } from "./key-figures.ts";

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

import { expect, test } from "vitest";
import { GROWTH_BASES } from "../../contracts/games.ts";
import { playersPeriod } from "../../contracts/player-figures.ts";
import type { GameCard } from "../queries/catalog.ts";
import { cardPlatforms, growthLabel, latestPlayersText } from "./GameCardView.tsx";
import { gameCardsCsv } from "./game-cards-csv.ts";

// A trending game's growth names what it compares: a month against the month before is not 7 days.
test("growth is labelled with the periods it compares", () => {
  expect(growthLabel("7 days")).toBe("avg. players, 7 days vs. the 7 before");
  expect(growthLabel("month")).toBe("avg. players, latest month vs. the month before");
  expect(growthLabel("24 hours")).toBe("avg. players, last 24 h vs. the 24 before");
  expect(growthLabel("last two counts")).toBe("players, latest count vs. the one before");
  expect(new Set(GROWTH_BASES.map((b) => growthLabel(b))).size).toBe(GROWTH_BASES.length);
  // A latest month the source's data ends inside is named partial (review r25 #4); other periods are
  // whole periods and read as before.
  expect(growthLabel("month", true)).toBe("avg. players, latest month (partial) vs. the month before");
  expect(growthLabel("7 days", true)).toBe("avg. players, 7 days vs. the 7 before");
  expect(growthLabel(undefined)).not.toMatch(/7/);
});

test("the cards' CSV says what each growth compares", () => {
  const card: GameCard = {
    gameId: "g1",
    gameName: "Monthly Game",
    platform: null,
    genre: null,
    price: null,
    rating: null,
    imageUrl: null,
    playerCount: 1000,
    growth: 4.86,
    growthBasis: "month",
  };
  const csv = gameCardsCsv([card]);
  const at = csv.header.indexOf("growth compares");
  expect(at).toBeGreaterThan(0);
  expect(csv.rows[0]![at]).toBe("avg. players, latest month vs. the month before");
  expect(csv.header.join()).not.toMatch(/7 days before/);
});

// Review 6, item 15: a February average read "48.6K players, Feb 1, 2022", as if counted that day.
test("a monthly average is named with its month; a count with its day", () => {
  const month = { value: 48_633, at: "2022-02-01T00:00:00.000Z", period: "month" as const };
  expect(latestPlayersText(month)).toBe("48.6K avg. players, Feb 2022");
  expect(playersPeriod(month)).toBe("month (average)");
  const count = { value: 48_633, at: "2022-02-01T00:00:00.000Z" };
  expect(latestPlayersText(count)).toBe("48.6K players, Feb 1, 2022");
  expect(playersPeriod(count)).toBe("count");
  expect(playersPeriod(null)).toBeNull();
  const csv = gameCardsCsv([
    {
      gameId: "g1",
      gameName: "Monthly Game",
      platform: null,
      genre: null,
      price: null,
      rating: null,
      imageUrl: null,
      playerCount: 48_633,
      players: {
        latest: month,
        average: null,
        peak: null,
        provenance: { source: "SteamCharts", asOf: month.at },
      },
    },
  ]);
  expect(csv.rows[0]![csv.header.indexOf("players period")]).toBe("month (average)");
});

test("the cards' CSV names which rating each column is, and each source with its own date", () => {
  const csv = gameCardsCsv([
    {
      gameId: "g1",
      gameName: "A Steam game",
      platform: "PC",
      genre: "Action",
      price: 0,
      rating: 4.4,
      ratingFigure: { kind: "user-reviews", positiveShare: 88.8, reviews: 1000 },
      imageUrl: null,
      playerCount: null,
      figureSources: [
        { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" },
        { source: "Steam via SteamSpy (dataset)", asOf: "2023-06-01T00:00:00.000Z" },
      ],
    },
  ]);
  expect(csv.header).not.toContain("rating (out of 5)");
  const row = csv.rows[0]!;
  expect(row[csv.header.indexOf("user reviews (% positive)")]).toBe(88.8);
  expect(row[csv.header.indexOf("critic score (0–100)")]).toBeNull();
  expect(row[csv.header.indexOf("sources (each as of)")]).toBe(
    "Steam Store Games (Kaggle, CC BY 4.0) (2019-05-01); Steam via SteamSpy (dataset) (2023-06-01)",
  );
});

// Review r19d #3: the CSV gave SteamSpy's one-day peak under the counts' source (SteamCharts) alone.
test("the cards' CSV gives the peak's own source and the days it covers", () => {
  const card: GameCard = {
    gameId: "g2",
    gameName: "Peak Elsewhere",
    platform: null,
    genre: null,
    price: null,
    rating: null,
    imageUrl: null,
    playerCount: 634_600,
    players: {
      latest: { value: 634_600, at: "2022-02-01T00:00:00.000Z", period: "month" },
      average: null,
      peak: {
        value: 1_088_407,
        at: "2023-05-31T00:00:00.000Z",
        days: 1,
        period: "day",
        points: 1,
        source: "Steam via SteamSpy (dataset)",
        asOf: "2023-05-31T00:00:00.000Z",
      },
      provenance: { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" },
    },
  };
  const csv = gameCardsCsv([card]);
  const cell = (name: string) => csv.rows[0]![csv.header.indexOf(name)];
  expect(cell("players source")).toBe("SteamCharts");
  expect(cell("peak source")).toBe("Steam via SteamSpy (dataset)");
  expect(cell("peak covers (days)")).toBe(1);
});

// Report r22-a, item 1: a game with daily peaks only (ELDEN RING) is shown with its peak, named as
// the game page names it, on Compare and the screener — not "–".
// Review r26-a #2: SteamCharts' newest month, taken mid-month, read "28.8K avg. players, Feb 2022" beside
// "latest month (partial)" in the same row.
test("a month's average of a month in progress names its month as partial, on the card and in its CSV column", () => {
  const month = {
    value: 28_793,
    at: "2022-02-01T00:00:00.000Z",
    period: "month" as const,
    partial: true as const,
  };
  expect(latestPlayersText(month)).toBe("28.8K avg. players, Feb 2022 (partial month)");
  expect(playersPeriod(month)).toBe("partial month (average)");
  expect(latestPlayersText({ ...month, partial: undefined })).toBe("28.8K avg. players, Feb 2022");
});

test("a game's daily peak is named as a peak with its days, its own source and day", () => {
  const peak = {
    value: 39_100,
    at: "2023-05-31T00:00:00.000Z",
    measure: "peak" as const,
    days: 1,
    source: "Steam via SteamSpy (dataset)",
  };
  expect(latestPlayersText(peak)).toBe("39.1K peak, 1 day (Steam via SteamSpy (dataset), May 31, 2023)");
  expect(playersPeriod(peak)).toBe("peak, 1 day");
});

// Report r25, item 2: a game whose only player figure is a daily peak (SteamDB's) shows the peak as
// every list's playerCount gives it: named a peak, with its days, its own source and its day.
test("a peak-only game's players read as a peak with its source and day, on the card and in its CSV", () => {
  const peak = {
    value: 12_345,
    at: "2022-12-14T00:00:00.000Z",
    days: 1,
    period: "day",
    points: 1,
    source: "SteamDB",
    asOf: "2022-12-14T00:00:00.000Z",
  };
  expect(latestPlayersText({ value: 12_345, at: peak.at, measure: "peak", days: 1, source: "SteamDB" })).toBe(
    "12.3K peak, 1 day (SteamDB, Dec 14, 2022)",
  );
  const csv = gameCardsCsv([
    {
      gameId: "g1",
      gameName: "Peak Game",
      platform: null,
      genre: null,
      price: null,
      rating: null,
      imageUrl: null,
      playerCount: 12_345,
      players: { latest: null, average: null, peak, provenance: { source: "SteamDB", asOf: peak.at } },
    },
  ]);
  const cell = (name: string) => csv.rows[0]![csv.header.indexOf(name)];
  expect(cell("players (players)")).toBe(12_345);
  expect(cell("players period")).toBe("peak, 1 day");
  expect(cell("players at")).toBe(peak.at);
  expect(cell("peak source")).toBe("SteamDB");
});

// Review r25 #2: search cards and their CSV gave an entry's first platform alone ("PS4" for PS4+XOne).
test("a card names every platform a search answers; a list's one platform otherwise", () => {
  const card: GameCard = {
    gameId: "g1",
    gameName: "Grand Theft Auto V",
    platform: "PS4",
    platforms: ["PS4", "XOne"],
    genre: "Action",
    price: null,
    rating: null,
    imageUrl: null,
    playerCount: null,
  };
  expect(cardPlatforms(card)).toEqual(["PS4", "XOne"]);
  expect(cardPlatforms({ platform: "PC" })).toEqual(["PC"]);
  expect(cardPlatforms({ platform: "PC", platforms: [] })).toEqual(["PC"]);
  expect(cardPlatforms({ platform: null })).toEqual([]);
  const csv = gameCardsCsv([card, { ...card, gameId: "g2", platform: null, platforms: undefined }]);
  const at = csv.header.indexOf("platform");
  expect(csv.rows.map((r) => r[at])).toEqual(["PS4, XOne", null]);
});

// Review r31a #6: a monthly average of 583.24 read "583.2 avg. players" where the game page read "583".
test("a players figure on a card is whole players, however precise its source", () => {
  const month = { value: 583.24, at: "2022-02-01T00:00:00.000Z", period: "month" as const };
  expect(latestPlayersText(month)).toBe("583 avg. players, Feb 2022");
  expect(latestPlayersText({ value: 9.5, at: "2022-02-01T00:00:00.000Z" })).toBe("10 players, Feb 1, 2022");
});

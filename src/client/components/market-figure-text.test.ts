import { expect, test } from "vitest";
import type { OverviewFigures } from "../../contracts/games.ts";
import { aiPredictionsText } from "./ai-predictions-text.ts";
import {
  crossPlatformPlayersText,
  gamesTrackedHint,
  marketActivityCsvNames,
  marketActivitySentence,
  playersTile,
  trendingChartDescription,
} from "./market-figure-details.ts";
import { marketActivityHint } from "./market-figure-text.ts";

const provenance = { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" };

function figures(basis: "days" | "month", games: number, projected: number): OverviewFigures {
  return {
    marketActivity: {
      players: 1_000_000,
      change: 2.5,
      games,
      comparedGames: games,
      previousGames: games,
      partial: false,
      basis,
      provenance,
    },
    trendingCount: 10,
    aiPredictions: {
      rising: projected ? 3 : 0,
      stable: projected ? projected - 4 : 0,
      declining: projected ? 1 : 0,
      projected,
      horizonDays: 30,
      minDays: 7,
      provenance,
    },
    isDemo: false,
    dataAsOf: basis === "month" ? "2022-02-01T00:00:00.000Z" : "2026-11-20T00:00:00.000Z",
  };
}

// Review 6, item 15: "with a player series this week" over data from February 2022.
test("Games Tracked names the period of its data, never 'this week'", () => {
  expect(gamesTrackedHint(figures("month", 958, 0))).toBe(
    "catalog games with a monthly player average for Feb 2022 (the newest month of data)",
  );
  expect(gamesTrackedHint(figures("days", 12, 12))).toBe(
    "catalog games with player counts in the 7 days of data up to Nov 20, 2026",
  );
  for (const f of [figures("month", 958, 0), figures("days", 12, 12), figures("days", 0, 0), undefined])
    expect(gamesTrackedHint(f)).not.toMatch(/this week/);
});

// Review 20, item 5: "Games Tracked 0 — no player history yet" beside a watchlist of 3 games.
test("Games Tracked says it counts catalog games with a player history, not the watchlist", () => {
  expect(gamesTrackedHint(figures("days", 0, 0))).toBe(
    "catalog games with a player history: none yet (your watchlist is not counted here)",
  );
  for (const f of [figures("month", 958, 0), figures("days", 12, 12), figures("days", 0, 0), undefined])
    expect(gamesTrackedHint(f)).toMatch(/^catalog games with /);
});

test("the players tile names its measure and the date of its data", () => {
  expect(playersTile(figures("month", 958, 0))).toEqual({
    label: "Players (total of monthly averages)",
    hint: "across 958 games, Feb 2022",
  });
  expect(playersTile(figures("days", 12, 12))).toEqual({
    label: "Players (avg. daily total, 7 days)",
    hint: "across 12 games, 7 days to Nov 20, 2026",
  });
});

// Review 8, item 3: one game's March set against 958 games' February read "-56.5%, across 1 game".
test("Market Activity names the games its change compares, and says when the newest period is partial", () => {
  expect(marketActivityHint(figures("month", 958, 0))).toBe(
    "total of monthly averages, Feb 2022, across 958 games, vs the month before",
  );
  const partialMonth = figures("month", 1, 0);
  partialMonth.dataAsOf = "2022-03-01T00:00:00.000Z";
  partialMonth.marketActivity = { ...partialMonth.marketActivity, previousGames: 958, partial: true };
  expect(marketActivityHint(partialMonth)).toBe(
    "total of monthly averages, Mar 2022, across 1 game, vs the month before; Mar 2022 is partial: 1 game has its figures, 958 had Feb 2022's",
  );
  expect(playersTile(partialMonth).hint).toBe(
    "across 1 game, Mar 2022; Mar 2022 is partial: 1 game has its figures, 958 had Feb 2022's",
  );
  const partialWeek = figures("days", 2, 12);
  partialWeek.marketActivity = {
    ...partialWeek.marketActivity,
    comparedGames: 1,
    previousGames: 3,
    partial: true,
  };
  expect(marketActivityHint(partialWeek)).toBe(
    "avg. daily total, 7 days, across 2 games, vs previous week (the change over the 1 counted in both weeks); the latest week is partial: 2 games have counts, 3 had them the week before",
  );
  // A new game in a full month: in the total, not in the change, which says over which games it is.
  const grown = figures("month", 6, 0);
  grown.marketActivity = { ...grown.marketActivity, comparedGames: 5, previousGames: 5 };
  expect(marketActivityHint(grown)).toBe(
    "total of monthly averages, Feb 2022, across 6 games, vs the month before (the change over the 5 with figures in both months)",
  );
  expect(playersTile(grown).hint).toBe("across 6 games, Feb 2022");
});

// Review r26-a #2: "Players (total of monthly averages) 5.7M across 958 games, Feb 2022" of SteamCharts'
// newest month, taken mid-February, beside trending's "latest month (partial)".
test("the players tile and Market Activity name a month its source's file was taken in as a partial month", () => {
  const taken = figures("month", 958, 0);
  taken.marketActivity = { ...taken.marketActivity, partialMonth: true };
  expect(playersTile(taken).hint).toBe("across 958 games, Feb 2022 (partial month)");
  expect(marketActivityHint(taken)).toBe(
    "total of monthly averages, Feb 2022 (partial month), across 958 games, vs the month before",
  );
  const game = (partial?: true) => ({
    players: {
      latest: {
        value: 9_977,
        at: "2022-02-01T00:00:00.000Z",
        period: "month" as const,
        ...(partial ? { partial } : {}),
      },
      average: null,
      peak: null,
      provenance,
    },
  });
  expect(trendingChartDescription([game(true), game(true)])).toBe(
    "Average players in Feb 2022 (partial month) of the trending games (monthly figures).",
  );
  expect(trendingChartDescription([game()])).toBe(
    "Average players in Feb 2022 of the trending games (monthly figures).",
  );
  expect(gamesTrackedHint(taken)).toBe(
    "catalog games with a monthly player average for Feb 2022 (partial month) (the newest month of data)",
  );
});

// Review 9, item 3: the report read "892K average daily players across 3 games (-50.0% week on week)"
// over a partial month of monthly averages; it says what the Overview card says, and so does the CSV.
test("the Market overview report and the Dashboard CSV describe market activity as the Overview does", () => {
  const partialMonth = figures("month", 3, 0);
  partialMonth.dataAsOf = "2022-03-01T00:00:00.000Z";
  partialMonth.marketActivity = {
    ...partialMonth.marketActivity,
    players: 892_000,
    change: -50,
    previousGames: 958,
    partial: true,
  };
  expect(marketActivitySentence(partialMonth)).toBe(
    "892K players (-50.0%): total of monthly averages, Mar 2022, across 3 games, vs the month before; Mar 2022 is partial: 3 games have its figures, 958 had Feb 2022's.",
  );
  expect(marketActivityCsvNames(partialMonth)).toEqual({
    players:
      "players, total of the games' monthly averages (Mar 2022 is partial: 3 games have its figures, 958 had Feb 2022's)",
    change: "players, change month on month",
  });
  const week = figures("days", 12, 12);
  expect(marketActivitySentence(week)).toBe(
    "1M players (+2.5%): avg. daily total, 7 days, across 12 games, vs previous week.",
  );
  for (const f of [partialMonth, figures("month", 958, 0)]) {
    expect(marketActivitySentence(f)).not.toMatch(/average daily|week on week/);
    expect(Object.values(marketActivityCsvNames(f)).join()).not.toMatch(/week|7 days/);
  }
  // A change over fewer games than the total says over which.
  const grown = figures("days", 6, 6);
  grown.marketActivity = { ...grown.marketActivity, comparedGames: 5 };
  expect(marketActivityCsvNames(grown)).toEqual({
    players: "players, average daily total over 7 days",
    change: "players, change week on week (over the 5 games counted in both weeks)",
  });
  // No change to compare: no "(–)".
  const first = figures("month", 958, 0);
  first.marketActivity = { ...first.marketActivity, change: null };
  expect(marketActivitySentence(first)).toBe(
    "1M players: total of monthly averages, Feb 2022, across 958 games, vs the month before.",
  );
});

test("AI Predictions with no game projected shows no figure and says why, not '0 rising'", () => {
  const monthly = aiPredictionsText(figures("month", 958, 0));
  expect(monthly.value).toBe("–");
  expect(monthly.projected).toBe(false);
  expect(monthly.hint).toBe(
    "No projection possible: a projection needs 7 days of daily player counts in the latest 30 days of data, and the catalog's newest player figures are monthly averages (Feb 2022).",
  );
  expect(monthly.hint).not.toMatch(/\b0 /);
  expect(aiPredictionsText(figures("days", 5, 0)).hint).toMatch(/and no game has that many\.$/);
  expect(aiPredictionsText(figures("days", 0, 0)).hint).toMatch(/no player history yet\.$/);
  // Review r22-c #2: with no player figures at all the server answers the counts as null (no data).
  const none = figures("days", 0, 0);
  none.marketActivity = { ...none.marketActivity, players: null, change: null };
  none.aiPredictions = {
    ...none.aiPredictions!,
    rising: null,
    stable: null,
    declining: null,
    projected: null,
  };
  expect(aiPredictionsText(none)).toMatchObject({ value: "–", projected: false });
  expect(aiPredictionsText(none).hint).toMatch(/no player history yet\.$/);
  // Review r23-a #6: every player figure the catalog holds, each source to its own date, not only
  // the monthly averages (SteamDB's and SteamSpy's daily peaks are newer than SteamCharts' February).
  const held = figures("month", 958, 0);
  held.aiPredictions = {
    ...held.aiPredictions!,
    rising: null,
    stable: null,
    declining: null,
    projected: null,
    playerData: [
      { source: "Steam via SteamSpy (dataset)", measure: "peak", asOf: "2023-05-31T00:00:00.000Z" },
      { source: "SteamDB", measure: "peak", asOf: "2022-12-14T00:00:00.000Z" },
      { source: "SteamCharts", measure: "month", asOf: "2022-02-01T00:00:00.000Z" },
    ],
  };
  expect(aiPredictionsText(held)).toEqual({
    value: "–",
    projected: false,
    hint: "No projection possible: a projection needs 7 days of daily player counts in the latest 30 days of data, and the catalog's player figures are daily peaks (Steam via SteamSpy (dataset) to May 31, 2023; SteamDB to Dec 14, 2022) and monthly averages (SteamCharts to Feb 2022), no daily counts.",
  });
  held.aiPredictions.playerData = [
    { source: "SteamCharts", measure: "month", asOf: "2022-02-01T00:00:00.000Z" },
  ];
  expect(aiPredictionsText(held).hint).toMatch(
    /player figures are monthly averages \(SteamCharts to Feb 2022\), no daily counts\.$/,
  );
  held.aiPredictions.playerData = [
    { source: "Steam (live)", measure: "instant", asOf: "2026-11-20T00:00:00.000Z" },
    { source: "SteamCharts", measure: "month", asOf: "2022-02-01T00:00:00.000Z" },
  ];
  expect(aiPredictionsText(held).hint).toMatch(/and no game has that many\.$/);
  held.aiPredictions.playerData = [];
  expect(aiPredictionsText(held).hint).toMatch(/no player history yet\.$/);
  const projected = aiPredictionsText(figures("days", 12, 12));
  expect(projected).toMatchObject({ value: "3 rising", projected: true });
  expect(projected.hint).toBe(
    "projected over the next 30 days: 1 declining, 8 within ±5% of 12 games projected (30-day player trend line)",
  );
});

test("Live Gaming Trends says its bars are a month's averages when the data is monthly", () => {
  const at = "2022-02-01T00:00:00.000Z";
  const figure = (period?: "month") => ({
    players: {
      latest: { value: 48_633, at, ...(period ? { period } : {}) },
      average: null,
      peak: null,
      provenance,
    },
  });
  expect(trendingChartDescription([figure("month"), figure("month")])).toBe(
    "Average players in Feb 2022 of the trending games (monthly figures).",
  );
  expect(trendingChartDescription([figure(), figure()])).toBe("Latest players of the trending games.");
  expect(trendingChartDescription([figure("month"), figure()])).toBe(
    "Latest players of the trending games (for monthly figures, the average of Feb 2022).",
  );
  expect(trendingChartDescription([])).toBe("Latest players of the trending games.");
});

// Review 7, item 13: "Players measured on each platform now" over SteamCharts' Feb 2022 averages, and a
// "No data" list that stopped at the 20 platforms with the most games (the answer now holds every one).
test("Cross-platform players names its measure and the date of its data, and which platforms it lists", () => {
  const stats = [
    { platform: "PC", players: 5_747_110, provenance },
    ...["Mac", "Linux", "PS2", "DS"].map((platform) => ({ platform, players: null, provenance: null })),
  ];
  const monthly = crossPlatformPlayersText(stats, figures("month", 958, 0), 3);
  expect(monthly.description).toBe(
    "Total of each game's latest monthly average players on each platform, up to Feb 2022. Steam's counts are the only ones collected: they count under PC.",
  );
  expect(monthly.description).not.toMatch(/\bnow\b/);
  expect(monthly.noData).toBe("No data: Mac, Linux, PS2 and 1 more (no source measures players there).");
  const daily = crossPlatformPlayersText(
    [{ platform: "PC", players: 12, provenance: { source: "Steam", asOf: "2023-01-14T00:00:00.000Z" } }],
    figures("days", 12, 12),
    3,
  );
  expect(daily).toEqual({
    description:
      "Total of each game's latest player count on each platform, up to Jan 14, 2023. Steam's counts are the only ones collected: they count under PC.",
    noData: null,
  });
  // No answer yet: no date, no list.
  expect(crossPlatformPlayersText(undefined, undefined, 3).description).toBe(
    "Total of each game's latest player count on each platform. Steam's counts are the only ones collected: they count under PC.",
  );
});

import { expect, test } from "vitest";
import { NO_PLAYER_HISTORY, type PlayerFigures } from "../../../contracts/player-figures.ts";
import {
  averageMissingText,
  chartFillsFrom,
  latestPlayersLabel,
  latestPlayersMethod,
  NOT_ON_STEAM_PLAYERS,
  noPlayerHistoryText,
  peakDayText,
  steamElsewhereLead,
  steamEntryLinkText,
  steamEntryOf,
} from "./player-figure-text.ts";

const provenance = { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" };

test("a game with monthly player figures only says so where the 7-day average would be", () => {
  const monthly: PlayerFigures = {
    latest: { value: 12_345, at: "2022-02-01T00:00:00.000Z" },
    average: null,
    peak: null,
    provenance,
  };
  expect(averageMissingText(monthly)).toBe("Monthly figures only: no 7-day average");
  expect(averageMissingText(monthly)).not.toBe(NO_PLAYER_HISTORY);
});

test("a game without any player figure still says its history starts with the first live sync", () => {
  expect(averageMissingText(null)).toBe(NO_PLAYER_HISTORY);
  expect(averageMissingText({ latest: null, average: null, peak: null, provenance })).toBe(NO_PLAYER_HISTORY);
});

test("a game not on Steam is never promised a live sync: no source counts its players", () => {
  expect(noPlayerHistoryText(true)).toBe(NO_PLAYER_HISTORY);
  expect(noPlayerHistoryText(false)).toBe(NOT_ON_STEAM_PLAYERS);
  expect(averageMissingText(null, false)).toBe(NOT_ON_STEAM_PLAYERS);
  expect(NOT_ON_STEAM_PLAYERS).not.toMatch(/live sync/);
  expect(chartFillsFrom("players", true)).toBe(
    "This chart fills from Steam's live player counts (the Steam sync) or a SteamCharts history import.",
  );
  expect(chartFillsFrom("reviews_positive", false)).toMatch(
    /Steam sources, and this game is not on Steam\.$/,
  );
});

test("a monthly point is labelled as the month's average, a live one as the latest count", () => {
  expect(latestPlayersLabel("month")).toBe("Players (average over the month)");
  expect(latestPlayersMethod("month")).toBe("average over the month");
  expect(latestPlayersLabel("instant")).toBe("Players (latest count)");
  expect(latestPlayersLabel(undefined)).toBe("Players (latest count)");
  // The tile is "Players": its label does not say "players" again (review r25 #8).
  for (const period of ["month", "instant", "day"])
    expect(latestPlayersLabel(period)).not.toMatch(/\(players/i);
  expect(latestPlayersMethod("instant")).toBeUndefined();
});

// Review r26-a #2: God of War's tile read "Feb 2022 (average over the month)" of SteamCharts' newest
// month, taken mid-February, while its growth said "latest month (partial)".
test("the Players tile of a month in progress says it covers part of the month", () => {
  expect(latestPlayersLabel("month", true)).toBe("Players (average over part of the month)");
  expect(latestPlayersMethod("month", true)).toBe("average over part of the month");
  expect(latestPlayersMethod("month", false)).toBe("average over the month");
  expect(latestPlayersLabel("instant", true)).toBe("Players (latest count)");
});

test("a peak tile gives the peak's day, as the lists do (review r25 #5)", () => {
  expect(peakDayText("2023-05-30T00:00:00.000Z", 1)).toBe("Peak on May 30, 2023");
  expect(peakDayText("2022-12-14T00:00:00.000Z", 7)).toBe("Highest on Dec 14, 2022");
});

test('an entry with no Steam figures whose title has a Steam entry says so and points there, not "not on Steam"', () => {
  // Review r25 #2: GTA V's PS4/XOne entry read "this game is not on Steam" while its PC entry is.
  const entry = (id: string, platforms: string[], steamAppId: number | null) => ({
    id,
    slug: id,
    name: "Grand Theft Auto V",
    platforms,
    releaseDate: null,
    releaseYear: 2015,
    steamAppId,
    isDemo: false,
    publishedUnits: null,
    unitsEstimate: null,
  });
  const sameTitle = {
    entries: [entry("ps3", ["PS3", "X360"], null), entry("pc", ["PC"], 271590)],
    total: 2,
    publishedTotal: null,
    noTotalReason: null,
  };
  const pc = steamEntryOf({ steamAppId: null, releaseYear: 2014, sameTitle });
  expect(pc).toEqual({ entry: sameTitle.entries[1], years: "close" });
  expect(steamEntryLinkText(pc!)).toBe("the PC entry");
  expect(steamEntryLinkText({ entry: entry("s", [], 1593500), years: "close" })).toBe(
    "the Steam entry (app 1593500)",
  );
  // On Steam itself, or no Steam entry of the title: nothing to point to (the texts say "not on Steam").
  expect(steamEntryOf({ steamAppId: 271590, releaseYear: 2015, sameTitle })).toBeNull();
  expect(
    steamEntryOf({
      steamAppId: null,
      releaseYear: 2013,
      sameTitle: { ...sameTitle, entries: [sameTitle.entries[0]!] },
    }),
  ).toBeNull();
  expect(steamEntryOf({ steamAppId: null, releaseYear: 2013, sameTitle: null })).toBeNull();
  const platforms = ["PS4", "XOne"];
  expect(steamElsewhereLead("players tile", platforms)).toBe(
    "No source counts this entry's players: player counts come from Steam, and this entry (PS4, XOne) has no Steam figures; see ",
  );
  expect(steamElsewhereLead("owners panel", platforms)).toBe(
    "No owners figure: it comes from the SteamSpy sync or a Steam store dataset import, Steam sources, and this entry (PS4, XOne) has no Steam figures; see ",
  );
  expect(steamElsewhereLead("price", platforms)).toBe(
    "This chart fills from the SteamSpy sync or a Steam store dataset import: Steam sources, and this entry (PS4, XOne) has no Steam figures; see ",
  );
  for (const what of [
    "players tile",
    "owners panel",
    "players",
    "reviews_positive",
    "price",
    "owners",
  ] as const)
    expect(steamElsewhereLead(what, platforms)).not.toMatch(/not on Steam/);
});

// Review r26/b #3: God of War on PS2 (2005) said "see the Steam entry (app 1593500)", the 2022 game.
test("a Steam entry released more than SAME_GAME_YEARS apart is another game of the name, not this one on Steam", () => {
  const entry = (id: string, releaseYear: number | null, steamAppId: number | null) => ({
    id,
    slug: id,
    name: "God of War",
    platforms: ["PC"],
    releaseDate: null,
    releaseYear,
    steamAppId,
    isDemo: false,
    publishedUnits: null,
    unitsEstimate: null,
  });
  const title = (...entries: ReturnType<typeof entry>[]) => ({
    entries,
    total: entries.length,
    publishedTotal: null,
    noTotalReason: null,
  });
  const ps2 = (sameTitle: ReturnType<typeof title>, releaseYear: number | null = 2005) =>
    steamEntryOf({ steamAppId: null, releaseYear, sameTitle });
  // The window's edge: 3 years on is this game on Steam, 4 another game.
  expect(ps2(title(entry("pc", 2008, 1)))?.years).toBe("close");
  expect(ps2(title(entry("pc", 2009, 1)))?.years).toBe("apart");
  const apart = ps2(title(entry("steam", 2022, 1593500)))!;
  expect(apart.years).toBe("apart");
  expect(steamEntryLinkText(apart)).toBe("the PC entry (2022)");
  // A year unknown on either side: it may be either.
  expect(ps2(title(entry("steam", null, 1593500)))?.years).toBe("unknown");
  expect(ps2(title(entry("steam", 2022, 1593500)), null)?.years).toBe("unknown");
  expect(
    steamEntryLinkText({ entry: { ...entry("s", null, 1593500), platforms: [] }, years: "unknown" }),
  ).toBe("the Steam entry (app 1593500, year unknown)");
  // One within the window is preferred to one further apart, whatever their order.
  expect(ps2(title(entry("reboot", 2022, 2), entry("port", 2006, 3)))?.entry.id).toBe("port");
  // The texts: "not on Steam" stays true of a game whose namesake is, and says so; unknown says "may".
  expect(steamElsewhereLead("players tile", ["PS2"], "apart")).toBe(
    "No source counts this game's players: player counts come from Steam, and this game is not on Steam. Another game of this name is on Steam: see ",
  );
  expect(steamElsewhereLead("price", ["PS2"], "apart")).toBe(
    "This chart fills from the SteamSpy sync or a Steam store dataset import: Steam sources, and this game is not on Steam. Another game of this name is on Steam: see ",
  );
  expect(steamElsewhereLead("owners panel", ["PS2"], "unknown")).toBe(
    "No owners figure: it comes from the SteamSpy sync or a Steam store dataset import, Steam sources, and this entry (PS2) has no Steam figures; an entry of this name is on Steam, but with a release year unknown it may be another game: see ",
  );
});

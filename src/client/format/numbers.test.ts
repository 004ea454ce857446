import { expect, test } from "vitest";
import { formatPlayers, plural } from "./numbers.ts";

// Review 7, item 14: the Games Database's Platforms tab read "PC-FX · 1 games".
test("a count with its noun is singular for one and grouped in thousands", () => {
  expect(plural(1, "game")).toBe("1 game");
  expect(plural(0, "game")).toBe("0 games");
  expect(plural(2160, "game")).toBe("2,160 games");
  expect(plural(3, "open socket")).toBe("3 open sockets");
});

// Review r31a #6: Half-Life's SteamCharts average of Feb 2022, 583.24, read "583.2" in Compare and "583"
// on the game page. Screens give whole players, compact from a thousand on; exports keep the source's value.
test("players on a screen are whole players, compact from a thousand on", () => {
  expect(formatPlayers(583.24)).toBe("583");
  expect(formatPlayers(515.5)).toBe("516");
  expect(formatPlayers(999.6)).toBe("1K");
  expect(formatPlayers(33_403.95)).toBe("33.4K");
  expect(formatPlayers(1_291_328)).toBe("1.3M");
  expect(formatPlayers(0)).toBe("0");
  expect(formatPlayers(null)).toBe("–");
  expect(formatPlayers(undefined)).toBe("–");
});

import { expect, test } from "vitest";
import { comparedIds, parseIds } from "./compared-ids.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `steam-${i + 1}`);

test("the first five distinct games are compared and the rest are left out", () => {
  const all = ids(7);
  expect(comparedIds(all, (i) => all[i]!)).toEqual({
    considered: 5,
    games: 5,
    leftOut: ["steam-6", "steam-7"],
  });
});

test("an id naming a game already compared takes no place", () => {
  const all = ["steam-1", "uuid-1", ...ids(6).slice(1)];
  const canonical = (i: number) => (all[i] === "uuid-1" ? "steam-1" : all[i]!);
  expect(comparedIds(all, canonical)).toEqual({ considered: 6, games: 5, leftOut: ["steam-6"] });
});

// Report r12-a #5: "steam-99999999" (not in the catalog) took one of the five places.
test("an id not in the catalog takes none of the five places; the next game takes it", () => {
  const all = ["steam-1", "steam-99999999", "steam-2", "steam-3", "steam-4", "steam-5", "steam-6"];
  const canonical = (i: number) => (all[i] === "steam-99999999" ? null : all[i]!);
  expect(comparedIds(all, canonical)).toEqual({ considered: 6, games: 5, leftOut: ["steam-6"] });
  // Until the catalog answers, the id holds its place.
  expect(comparedIds(all, (i) => all[i]!).leftOut).toEqual(["steam-5", "steam-6"]);
});

test("parseIds: each id once, in its order, blanks dropped", () => {
  expect(parseIds(" steam-1,,steam-2, steam-1 ")).toEqual(["steam-1", "steam-2"]);
});

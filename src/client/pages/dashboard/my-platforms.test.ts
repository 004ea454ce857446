import { expect, test } from "vitest";
import type { FreeGame } from "../../../contracts/sources.ts";
import {
  freeGamesOfPlatforms,
  platformList,
  platformsWithoutStatus,
  statusRowsOfPlatforms,
} from "./my-platforms.ts";

const offer = (name: string, store: FreeGame["store"]): FreeGame => ({
  id: name,
  gameId: store === "Epic" || store === "GOG" ? null : name,
  name,
  store,
  playerCount: null,
  imageUrl: null,
  url: null,
  endsAt: null,
  provenance: null,
  playersProvenance: null,
});

const list = [
  offer("Control", "Epic"),
  offer("Beneath a Steel Sky", "GOG"),
  offer("Dota 2", "Steam"),
  offer("Demo Quest", "Catalog"),
  offer("Flight of the Amazon Queen", "GOG"),
];

test("only the offers of the user's stores, in the list's order", () => {
  const mine = freeGamesOfPlatforms(list, ["gog"]);
  expect(mine.games.map((g) => g.name)).toEqual(["Beneath a Steel Sky", "Flight of the Amazon Queen"]);
  expect(mine.hidden).toBe(3);
  expect(mine.hiddenStores).toEqual(["Epic", "Steam", "Catalog"]);
  expect(mine.covered).toEqual(["gog"]);
  expect(mine.uncovered).toEqual([]);

  expect(freeGamesOfPlatforms(list, ["steam", "epic"]).games.map((g) => g.name)).toEqual([
    "Control",
    "Dota 2",
  ]);
});

test("a free-to-play game of no recorded store is no platform's", () => {
  const every = freeGamesOfPlatforms(list, ["steam", "epic", "gog", "xbox", "origin", "uplay"]);
  expect(every.games.map((g) => g.name)).not.toContain("Demo Quest");
  expect(every.hidden).toBe(1);
});

test("platforms no source lists free offers of are named, and match nothing", () => {
  const mine = freeGamesOfPlatforms(list, ["xbox", "origin", "uplay"]);
  expect(mine.games).toEqual([]);
  expect(mine.hidden).toBe(list.length);
  expect(mine.covered).toEqual([]);
  expect(mine.uncovered).toEqual(["xbox", "origin", "uplay"]);
  expect(freeGamesOfPlatforms(list, []).games).toEqual([]);
});

test("the status rows of the user's platforms; Origin and Uplay have none", () => {
  expect([...statusRowsOfPlatforms(["steam", "xbox", "origin"])]).toEqual(["steam", "xbox"]);
  expect(platformsWithoutStatus(["steam", "origin", "uplay"])).toEqual(["origin", "uplay"]);
  expect(platformsWithoutStatus(["gog", "epic"])).toEqual([]);
});

test("platform names joined as a sentence says them", () => {
  expect(platformList([])).toBe("");
  expect(platformList(["gog"])).toBe("GOG");
  expect(platformList(["steam", "gog"])).toBe("Steam and GOG");
  expect(platformList(["steam", "epic", "gog"])).toBe("Steam, Epic Games and GOG");
});

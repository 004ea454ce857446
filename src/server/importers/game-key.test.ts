import { expect, test } from "vitest";
import { gameKey } from "./game-key.ts";

// Spellings of one game in Esports Earnings (left) and Twitch (right), from the two published files.
const SAME_GAME: Array<[string, string]> = [
  ["PLAYERUNKNOWN\u2019S BATTLEGROUNDS", "PLAYERUNKNOWN'S BATTLEGROUNDS"],
  ["Dead By Daylight", "Dead by Daylight"],
  ["WarCraft III", "Warcraft III"],
  ["Creative Destruction", "CreativeDestruction"],
  ["Halo: Infinite", "Halo Infinite"],
  ["Guilty Gear -STRIVE-", "Guilty Gear: Strive"],
  ["Star Wars Jedi Knight II: Jedi Outcast", "Star Wars: Jedi Knight II - Jedi Outcast"],
  ["Tom Clancy\u2019s Rainbow Six\u00ae Siege", "Tom Clancy's Rainbow Six Siege"],
  ["Rocket League\u2122", "Rocket  League"],
  ["\u201cQuoted\u201d\u00a0Game", '"Quoted" Game'],
];

test("spellings of one game in the two files share a key", () => {
  for (const [esports, twitch] of SAME_GAME) expect(gameKey(esports), esports).toBe(gameKey(twitch));
});

test("different games keep different keys; letters, digits and accents are kept", () => {
  expect(gameKey("Dota 2")).not.toBe(gameKey("Dota"));
  expect(gameKey("StarCraft II")).not.toBe(gameKey("StarCraft"));
  expect(gameKey("Pok\u00e9mon Unite")).toBe("pok\u00e9monunite");
  expect(gameKey("PLAYERUNKNOWN\u2019S BATTLEGROUNDS")).toBe("playerunknownsbattlegrounds");
});

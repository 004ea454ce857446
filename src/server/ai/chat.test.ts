import { expect, test } from "vitest";
import type { SearchResult } from "../catalog/search.ts";
import {
  cannotAnswer,
  droppedNote,
  estimateMethods,
  estimateSentence,
  gamesNamedIn,
  looksLikeName,
  NAME_SEARCHES_KEPT,
  nameSearches,
  namesNotFound,
  notFoundSentence,
  notInCatalog,
  referenceKind,
  referencesIn,
  refersTo,
} from "./chat.ts";

test("the names a question gives that no game found answers to", () => {
  const deadCells = { name: "Dead Cells" };
  expect(namesNotFound("Compare Hades and Dead Cells reviews", [deadCells])).toEqual(["Hades"]);
  expect(namesNotFound("Compare Hades and Dead Cells reviews", [{ name: "Hades" }, deadCells])).toEqual([]);
  // A game whose name only holds the run is not it.
  expect(namesNotFound("How is Hades reviewed?", [{ name: "Hades' Star" }])).toEqual(["Hades"]);
  // Common words, digits and a game's short form are no missing names.
  expect(namesNotFound("Which roguelike deckbuilders under $20 grew fastest this quarter?", [])).toEqual([]);
  expect(
    namesNotFound("How did CS:GO do on Steam in March 2019?", [{ name: "Counter-Strike: Global Offensive" }]),
  ).toEqual([]);
});

test("a company, platform, genre, acronym or quarter is no missing game (review 19, item 1)", () => {
  // The catalog knows "valve" (a developer) and "ubisoft" (a publisher), not "hades".
  const known = (word: string) => ["valve", "ubisoft", "elden", "ring"].includes(word);
  expect(namesNotFound("How much revenue did Valve make?", [], known)).toEqual([]);
  expect(namesNotFound("How are FPS games doing on PC in Q3 2023?", [], known)).toEqual([]);
  expect(
    namesNotFound("Is Elden Ring bigger than Nintendo Switch sales?", [{ name: "Elden Ring" }], known),
  ).toEqual([]);
  expect(namesNotFound("Which DLC sold best on PS5 and Xbox in H1 2024?", [], known)).toEqual([]);
  // A word the catalog knows nowhere is a name it lacks; one the question lists, whatever it is.
  expect(namesNotFound("How is Hades reviewed?", [], known)).toEqual(["Hades"]);
  expect(namesNotFound("Is Hades or Valve bigger?", [], known)).toEqual(["Hades", "Valve"]);
  expect(namesNotFound("Compare Valve's games with Elden Ring", [{ name: "Elden Ring" }], known)).toEqual([]);
  // A place, a studio or a kind of game the question does not list is no game's name (review r19e, item 3).
  expect(namesNotFound("Which Action games from Valve are popular in Europe?", [], known)).toEqual([]);
  expect(namesNotFound("Should a small Indie Studio in Berlin make a Roguelike?", [], known)).toEqual([]);
  expect(namesNotFound("Compare Early Access games with Battle Royale games", [], known)).toEqual([]);
  expect(namesNotFound("Is Overwatch bigger than Elden Ring?", [{ name: "Elden Ring" }], known)).toEqual([
    "Overwatch",
  ]);
});

test("every platform the catalog's platform names know is no missing game", () => {
  const known = (word: string) => ["elden", "ring"].includes(word);
  // Platforms the question lists, by name and by code (platform-names.ts), and ones it has no code for.
  expect(
    namesNotFound("Did Elden Ring sell more on PlayStation 4, Xbox One or Nintendo Switch?", [
      { name: "Elden Ring" },
    ]),
  ).toEqual([]);
  expect(namesNotFound("Compare Sega Genesis, Dreamcast and Game Boy Advance sales", [], known)).toEqual([]);
  expect(namesNotFound("Is Hades bigger on Wii U or X360?", [], known)).toEqual(["Hades"]);
  // A run with a word that is no platform's is still a name.
  expect(namesNotFound("Compare Super Hexagon and Elden Ring", [{ name: "Elden Ring" }], known)).toEqual([
    "Super Hexagon",
  ]);
});

test("the sentence names each, joined with 'or'", () => {
  expect(notFoundSentence(["Hades"])).toBe("Our catalog has no game called “Hades”.");
  expect(notFoundSentence(["Hades", "Celeste", "Inside"])).toBe(
    "Our catalog has no game called “Hades”, “Celeste” or “Inside”.",
  );
});

test("the note counts apart sentences dropped for an unknown number and for another game's figure (review 19, item 15)", () => {
  const unknown = { unknown: ["5,555,555"] };
  const other = { unknown: [], notAbout: ["90%"] };
  expect(droppedNote([unknown], 3, true).note).toBe(
    "1 of its 3 sentences citing a number that is not in our data was left out.",
  );
  expect(droppedNote([other], 2, true).note).toBe(
    "1 of its 2 sentences citing a number that is not a figure of what the sentence speaks of was left out.",
  );
  expect(droppedNote([unknown, other, other], 5, true).note).toBe(
    "3 of its 5 sentences were left out: 1 citing a number that is not in our data, 2 citing a number that is not a figure of what the sentence speaks of.",
  );
  expect(droppedNote([other], 1, false)).toEqual({
    note: "Every sentence of the answer (1) cited a number that is not a figure of what the sentence speaks of, so it was withheld.",
    withheld: "The answer cited figures that are not of what its sentences speak of and was withheld.",
  });
  expect(droppedNote([unknown, other], 2, false).note).toBe(
    "Every sentence of the answer (2) cited a number that is not in our data (1) or a number that is not a figure of what the sentence speaks of (1), so it was withheld.",
  );
  expect(droppedNote([unknown], 1, false).withheld).toBe(
    "The answer cited figures that are not in our data and was withheld.",
  );
});

test("the missing-name check reads the searches the question's lookup ran, each query once", async () => {
  const asked: Array<[string, number]> = [];
  const catalog = [{ id: "g1", name: "Dead Cells" }] as SearchResult[];
  const search = nameSearches(async (q, limit = 20) => {
    asked.push([q, limit]);
    return catalog.filter((g) => g.name.toLowerCase().includes(q.toLowerCase()));
  });
  const question = "Compare Hades and Dead Cells";
  const found = await gamesNamedIn(question, search);
  expect(found).toEqual([{ id: "g1", name: "Dead Cells" }]);
  const missing = namesNotFound(question, found);
  expect(missing).toEqual(["Hades"]);
  expect(await notInCatalog(missing, search)).toEqual(["Hades"]);
  // "Hades" was searched by the lookup, for as many games as the check reads; then only its first letter.
  expect(asked).toEqual([
    ["Hades", 50],
    ["Dead Cells", 50],
    [question, 20],
    ["H", 50],
  ]);
  // A shorter ask is the first games of the longer search; a longer one searches again.
  expect(await search("Dead Cells", 1)).toHaveLength(1);
  await search(question, 50);
  expect(asked).toHaveLength(5);
});

test("queries the search reads the same share one search; the answer keeps a bounded number", async () => {
  const asked: string[] = [];
  const dota = [{ id: "g1", name: "Dota 2" }] as SearchResult[];
  const search = nameSearches(async (q) => {
    asked.push(q);
    return dota;
  });
  expect(await search("Dota 2", 10)).toEqual(dota);
  expect(await search("dota 2 ", 10)).toEqual(dota);
  expect(await search("DOTA-2", 5)).toEqual(dota);
  expect(asked).toEqual(["Dota 2"]);
  // Other words are another search.
  await search("Dota 2 Reborn", 10);
  expect(asked).toHaveLength(2);
  // Past NAME_SEARCHES_KEPT others, the first is run again rather than kept for good.
  for (let i = 0; i < NAME_SEARCHES_KEPT; i++) await search(`game ${i}`, 10);
  asked.length = 0;
  await search("dota 2", 10);
  expect(asked).toEqual(["dota 2"]);
});

test("an estimate reads as the game page gives it: P50 with its P10–P90 range, or the range alone, and its methods", () => {
  expect(estimateSentence("estimated owners", { low: 3_420_000, mid: 7_190_000, high: 15_100_000 })).toBe(
    "estimated owners 7,190,000 (P50; P10–P90 3,420,000–15,100,000)",
  );
  // A low-signal estimate has no single figure.
  expect(estimateSentence("estimated gross revenue", { low: 538, high: 8620 }, true)).toBe(
    "estimated gross revenue between $538 and $8,620 (P10–P90; too little is known of the game for a single figure)",
  );
  expect(estimateMethods([{ label: "Review model", weight: 1 }])).toBe("from the review model ");
  expect(
    estimateMethods([
      { label: "Review model", weight: 0.6 },
      { label: "Player hours", weight: 0 },
      { label: "Owners band", weight: 0.4 },
    ]),
  ).toBe("from a blend of review model (60 %) and owners band (40 %) ");
});

test("the words of a question that may refer to a game, and what they refer to", () => {
  expect(referencesIn("How many players does PUBG have?")).toEqual([["PUBG"]]);
  expect(referencesIn("What are the most played games right now?")).toEqual([]);
  expect(referencesIn("Dark Souls 3 reviews in 2019")).toEqual([["Dark", "Souls", "3"]]);
  expect(refersTo("PUBG", { name: "PUBG: BATTLEGROUNDS" })).toBe(true);
  expect(refersTo("PUBG", { name: "PLAYERUNKNOWN'S BATTLEGROUNDS" })).toBe(true);
  // A short form counts written in capitals only; lowercase, it must be the name's initials.
  expect(refersTo("pubg", { name: "PLAYERUNKNOWN'S BATTLEGROUNDS" })).toBe(false);
  expect(refersTo("gta 5", { name: "Grand Theft Auto V" })).toBe(true);
  expect(refersTo("Dark Souls 3", { name: "DARK SOULS™ III" })).toBe(true);
  expect(refersTo("Witcher 3", { name: "The Witcher 3: Wild Hunt" })).toBe(true);
  expect(
    refersTo("team fortress classic", {
      name: "Team Fortress: Retro",
      formerNames: ["Team Fortress Classic"],
    }),
  ).toBe(true);
  // A plain word the catalog has in names is no abbreviation: "mop" of "Many Overworked People".
  expect(refersTo("mop", { name: "Many Overworked People" }, (w) => w === "mop")).toBe(false);
  expect(refersTo("mop", { name: "Many Overworked People" })).toBe(true);
  // Not a typing mistake, nor a part of a name.
  expect(refersTo("stardw valley", { name: "Stardew Valley" })).toBe(false);
  expect(refersTo("valley", { name: "Stardew Valley" })).toBe(false);
  // How they refer: an initials match is said in the answer (review r29/v, finding 2).
  expect(referenceKind("Dota", { name: "Defenders of Tetsoidea Academy" })).toBe("initials");
  expect(referenceKind("gta 5", { name: "Grand Theft Auto V" })).toBe("initials");
  expect(referenceKind("Witcher 3", { name: "The Witcher 3: Wild Hunt" })).toBe("name");
  expect(referenceKind("PUBG", { name: "PLAYERUNKNOWN'S BATTLEGROUNDS" })).toBe("short");
  expect(referenceKind("Dota", { name: "Dota 2" })).toBeNull();
});

test("which words look like a game's name the user may have mistyped (review r29/v, finding 1)", () => {
  expect(looksLikeName("stardw valey revenue", "stardw valey")).toBe(true);
  expect(looksLikeName("What did Celest earn?", "Celest")).toBe(true);
  // A lowercase word alone, or a sentence's capitalised first word, is read as an ordinary word.
  expect(looksLikeName("Which genre grows fastest?", "grows")).toBe(false);
  expect(looksLikeName("Grows fastest?", "Grows")).toBe(false);
  expect(looksLikeName("Hi. Grows fastest?", "Grows")).toBe(false);
  expect(looksLikeName("terarria reviews", "terarria")).toBe(false);
});

test("what the analyst cannot answer: no forecast, no free-to-play revenue, no revenue of published units (review r29-a, finding 2)", () => {
  const sheet = (
    name: string,
    label: string,
    priceUsd: number | null,
    hasEstimate: boolean,
    hasPublished: boolean,
  ) => ({
    name,
    label,
    priceUsd,
    hasEstimate,
    hasPublished,
  });
  const terraria = [
    sheet("Terraria", "Terraria (PC, Mac, Linux)", 9.99, true, true),
    sheet("Terraria", "Terraria (X360, PS3, PSV)", null, false, true),
    sheet("Terraria", "Terraria (PS4, XOne)", null, false, true),
  ];
  // Entries without an estimate beside one with it are named by their platforms.
  expect(cannotAnswer("How much did Terraria make?", terraria)).toEqual([
    "No revenue figure for Terraria (X360, PS3, PSV) or Terraria (PS4, XOne): published sales give units sold, not revenue, and our estimates (from Steam figures) do not cover them.",
  ]);
  const minecraft = [
    sheet("Minecraft", "Minecraft (X360)", null, false, true),
    sheet("Minecraft", "Minecraft (WiiU)", null, false, true),
  ];
  expect(cannotAnswer("What is the revenue of Minecraft?", minecraft)).toEqual([
    "No revenue figure for Minecraft: published sales give units sold, not revenue, and our estimates (from Steam figures) do not cover it.",
  ]);
  // Units asked, not revenue: the units answer the question.
  expect(cannotAnswer("How many copies did Minecraft sell?", minecraft)).toEqual([]);
  const csgo = [
    sheet("Counter-Strike: Global Offensive", "Counter-Strike: Global Offensive", 0, true, false),
  ];
  expect(cannotAnswer("How much money did CSGO make?", csgo)).toEqual([
    "No revenue estimate for Counter-Strike: Global Offensive: it is free to play, and free-to-play games sell no copies; their in-game revenue is not estimated.",
  ]);
  expect(cannotAnswer("How many players does CSGO have?", csgo)).toEqual([]);
  expect(
    cannotAnswer("What will Hades earn next year?", [sheet("Hades", "Hades", 24.99, true, false)]),
  ).toEqual([
    "I make no forecast of future earnings or sales: the estimates below are each game's lifetime figures to date.",
  ]);
  // A players projection is a forecast the analyst makes: not refused.
  expect(
    cannotAnswer("How many players will Hades have next month?", [
      sheet("Hades", "Hades", 24.99, true, false),
    ]),
  ).toEqual([]);
});

import { expect, test } from "vitest";
import { namesNotFound, notFoundSentence } from "./chat.ts";

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

test("the sentence names each, joined with 'or'", () => {
  expect(notFoundSentence(["Hades"])).toBe("Our catalog has no game called “Hades”.");
  expect(notFoundSentence(["Hades", "Celeste", "Inside"])).toBe(
    "Our catalog has no game called “Hades”, “Celeste” or “Inside”.",
  );
});

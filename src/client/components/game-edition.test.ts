import { expect, test } from "vitest";
import { gameEditionText } from "./game-edition.ts";

test("a game's edition: its release year and platforms", () => {
  expect(gameEditionText({ releaseYear: 2013, platforms: ["X360", "PS3", "PSV"] })).toBe(
    "2013 · X360, PS3, PSV",
  );
  expect(gameEditionText({ releaseYear: 2011, platforms: ["PC"] })).toBe("2011 · PC");
});

test("many platforms end in +N more; what is unknown is said", () => {
  expect(gameEditionText({ releaseYear: 2016, platforms: ["A", "B", "C", "D", "E", "F"] })).toBe(
    "2016 · A, B, C, D +2 more",
  );
  expect(gameEditionText({ releaseYear: null, platforms: [] })).toBe("year unknown · platforms unknown");
});

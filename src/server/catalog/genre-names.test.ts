import { expect, test } from "vitest";
import { catalogGenres } from "./genre-names.ts";

test("a source's name for a genre the catalog names otherwise is the catalog's, each genre once", () => {
  expect(catalogGenres(["Role-Playing"])).toEqual(["RPG"]);
  expect(catalogGenres(["Action", "RPG", "Role-Playing", "Role-playing (RPG)"])).toEqual(["Action", "RPG"]);
  // Genres without a catalog synonym stay as the source wrote them.
  expect(catalogGenres(["Platform", "Shooter", "Misc"])).toEqual(["Platform", "Shooter", "Misc"]);
});

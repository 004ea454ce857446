import { expect, test } from "vitest";
import { FREE_CATALOG_GAMES_LISTED, freeGamesListed } from "./sources.ts";

test("a free-games list at the catalog's cap reads N+, not a count", () => {
  const promotions = [{ store: "Epic" as const }, { store: "GOG" as const }];
  const catalog = Array.from({ length: FREE_CATALOG_GAMES_LISTED }, () => ({ store: "Steam" as const }));
  expect(freeGamesListed([...promotions, ...catalog])).toBe(`${FREE_CATALOG_GAMES_LISTED + 2}+`);
  expect(freeGamesListed([...promotions, ...catalog.slice(1)])).toBe(`${FREE_CATALOG_GAMES_LISTED + 1}`);
  expect(freeGamesListed([])).toBe("0");
});

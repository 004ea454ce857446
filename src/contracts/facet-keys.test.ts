import { expect, test } from "vitest";
import { listKey, listSearchKey } from "./facet-keys.ts";

// Review r33-a #5: the screener's pick lists match typed text as the server files tags and genres.
test("typed text reads as the key the server files values under, word by word", () => {
  expect(listSearchKey("tags", "Roguelike")).toBe(listKey("tags", "Rogue-like"));
  expect(listSearchKey("tags", "Rogue-like Deckbuilder")).toBe("roguelike deckbuilder");
  expect(listSearchKey("tags", "Action Rogue-lite")).toBe("action roguelite");
  // A whole alias of several words, as the server's filter reads it.
  expect(listSearchKey("genres", "Role-Playing Game")).toBe(listKey("genres", "RPG"));
  // Platforms have no aliases: case alone.
  expect(listSearchKey("platforms", "Rogue-like")).toBe("rogue-like");
});

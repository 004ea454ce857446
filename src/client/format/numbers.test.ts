import { expect, test } from "vitest";
import { plural } from "./numbers.ts";

// Review 7, item 14: the Games Database's Platforms tab read "PC-FX · 1 games".
test("a count with its noun is singular for one and grouped in thousands", () => {
  expect(plural(1, "game")).toBe("1 game");
  expect(plural(0, "game")).toBe("0 games");
  expect(plural(2160, "game")).toBe("2,160 games");
  expect(plural(3, "open socket")).toBe("3 open sockets");
});

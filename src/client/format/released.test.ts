import { expect, test } from "vitest";
import { releasedText } from "./released.ts";

// Review r22/a, item 9: Compare wrote "2000-11-01" where the game page wrote "November 1, 2000".
test("a release reads as the game page writes it: the date written out, else the year, else the missing word", () => {
  expect(releasedText("2000-11-01", 2000)).toBe("November 1, 2000");
  expect(releasedText("2000-11-01T00:00:00.000Z", null)).toBe("November 1, 2000");
  expect(releasedText(null, 2006)).toBe("2006");
  expect(releasedText(null, null)).toBe("Unknown");
  expect(releasedText(null, null, "–")).toBe("–");
});

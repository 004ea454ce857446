import { expect, test } from "vitest";
import { searchOutcomeText } from "./SearchField.tsx";

// WCAG 4.1.3: a settled search says what it found; the empty case is spec §2's empty-state text.
test("a settled search is told as its count and query, none found in the spec's words", () => {
  expect(searchOutcomeText("hollow", 12)).toBe("12 games found for hollow");
  expect(searchOutcomeText("portal", 1)).toBe("1 game found for portal");
  expect(searchOutcomeText("zzqxqv", 0)).toBe("No games found for zzqxqv");
});

test("a search still running, or failed, says nothing here", () => {
  expect(searchOutcomeText("hollow", undefined)).toBe("");
});

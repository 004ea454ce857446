import { expect, test } from "vitest";
import { undatedNoteText } from "./screener-notes.ts";

test("no note when the release-year filter leaves no undated game out", () => {
  expect(undatedNoteText(0)).toBeNull();
});

test("a note counting the undated games a release-year filter leaves out", () => {
  expect(undatedNoteText(1)).toBe(
    "1 game with no known release date is left out by the release-year filter.",
  );
  expect(undatedNoteText(1234)).toBe(
    "1,234 games with no known release date are left out by the release-year filter.",
  );
});

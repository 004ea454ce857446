import { expect, test } from "vitest";
import { listCellParts, partialYearNote, undatedNoteText } from "./screener-notes.ts";

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

test("the filtered genre comes first and the rest is counted, the full list kept", () => {
  const raid = ["Violent", "Gore", "Action", "Adventure", "RPG"];
  expect(listCellParts(raid, "RPG")).toEqual({
    shown: ["RPG", "Violent", "Gore", "Action"],
    more: 1,
    full: "RPG, Violent, Gore, Action, Adventure",
  });
  // Matched as the filter spells it, whatever its case.
  expect(listCellParts(raid, "rpg").shown[0]).toBe("RPG");
});

test("without a filter the first four and a +N of the rest", () => {
  expect(listCellParts(["A", "B", "C", "D", "E", "F"])).toEqual({
    shown: ["A", "B", "C", "D"],
    more: 2,
    full: "A, B, C, D, E, F",
  });
  expect(listCellParts(["A", "B"], "Z")).toEqual({ shown: ["A", "B"], more: 0, full: "A, B" });
});

// Report r22-c #7: the catalog's release dates stop in May 2019; 2019's bar is of part of the year.
test("a partial last year says until when; a whole year says nothing", () => {
  expect(partialYearNote([{ year: 2018 }, { year: 2019, partial: true, until: "2019-05-14" }])).toBe(
    "2019: until May 2019 — the catalog's release dates stop on May 14, 2019, so its count is of part of the year.",
  );
  expect(partialYearNote([{ year: 2018 }, { year: 2019 }])).toBeNull();
  expect(partialYearNote([])).toBeNull();
});

// Report r31-a #1: the partial year need not be the last one (an undated file's lone later year).
test("the partial year is noted wherever it is in the list", () => {
  expect(
    partialYearNote([{ year: 2018 }, { year: 2019, partial: true, until: "2019-05-01" }, { year: 2020 }]),
  ).toBe(
    "2019: until May 2019 — the catalog's release dates stop on May 1, 2019, so its count is of part of the year.",
  );
});

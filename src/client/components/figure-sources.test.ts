import { expect, test } from "vitest";
import { figureNotes, figureSourcesCell } from "./figure-sources.ts";

const snapshot = { source: "Steam Store Games", asOf: "2019-05-01T00:00:00.000Z" };
const undated = { source: "VGChartz", asOf: null };

// Review 19, item 11: the cards and the Games Database each wrote these out.
test("a game's figure sources: each with its own day in the CSV, the footnote's list", () => {
  expect(figureSourcesCell({ figureSources: [snapshot, undated] })).toBe(
    "Steam Store Games (2019-05-01); VGChartz (undated)",
  );
  expect(figureSourcesCell({ provenance: snapshot })).toBeNull();
  expect(figureNotes({ provenance: snapshot, figureSources: [snapshot, undated] })).toEqual([
    snapshot,
    undated,
  ]);
  expect(figureNotes({ provenance: snapshot, figureSources: [] })).toEqual([snapshot]);
  expect(figureNotes({ provenance: null })).toEqual([]);
});

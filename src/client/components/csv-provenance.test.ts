import { expect, test } from "vitest";
import { withProvenanceColumns } from "./csv-provenance.ts";

const csv = { header: ["game", "owners (owners)"], rows: [["Dota 2", 150_000_000]] };

// Review 20, item 12: a chart card's CSV without the source and date its chart shows.
test("a chart card's CSV carries its source and date on every row", () => {
  expect(
    withProvenanceColumns(csv, { source: "Steam Store Games", asOf: "2019-05-01T00:00:00.000Z" }),
  ).toEqual({
    header: ["game", "owners (owners)", "source", "as of (ISO 8601)"],
    rows: [["Dota 2", 150_000_000, "Steam Store Games", "2019-05-01T00:00:00.000Z"]],
  });
  expect(
    withProvenanceColumns(csv, [
      { source: "Esports Earnings", asOf: "2023-01-01T00:00:00.000Z" },
      { source: "Twitch", asOf: "2023-06-01T00:00:00.000Z" },
      { source: "Twitch", asOf: null },
    ]).rows[0],
  ).toEqual(["Dota 2", 150_000_000, "Esports Earnings; Twitch", "2023-06-01T00:00:00.000Z"]);
  expect(withProvenanceColumns(csv, null).rows[0]).toEqual(["Dota 2", 150_000_000, null, null]);
});

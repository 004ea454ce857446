import { expect, test } from "vitest";
import { newestReleaseText } from "./newest-release.ts";

// Report r31-a #5: the Recent tab's empty state says where the catalog's release dates end.
test("the newest release date with its sources; no date, no sentence of one", () => {
  const steam = { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" };
  expect(newestReleaseText({ date: "2019-05-01", provenance: [steam] })).toBe(
    "The newest release date in the catalog is May 1, 2019, from Steam Store Games (Kaggle, CC BY 4.0).",
  );
  expect(newestReleaseText({ date: "2019-05-01", provenance: [steam, { source: "IGDB", asOf: null }] })).toBe(
    "The newest release date in the catalog is May 1, 2019, from Steam Store Games (Kaggle, CC BY 4.0) and IGDB.",
  );
  expect(newestReleaseText({ date: "2019-05-01", provenance: [] })).toBe(
    "The newest release date in the catalog is May 1, 2019.",
  );
  expect(newestReleaseText({ date: null, provenance: [] })).toBe("The catalog holds no release dates yet.");
});

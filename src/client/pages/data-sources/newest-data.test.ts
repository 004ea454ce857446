import { expect, test } from "vitest";
import { newestDataText } from "./newest-data.ts";

test("a source's newest data: its date, 'undated' for files that state none, and how many beside a date", () => {
  const asOf = "2016-12-22T00:00:00.000Z";
  expect(newestDataText({ asOf, unit: "rows" })).toBe("Dec 2016");
  expect(newestDataText({ asOf, undated: 1200, unit: "rows" })).toBe("Dec 2016 (1,200 rows undated)");
  expect(newestDataText({ asOf: null, undated: 16598, unit: "rows" })).toBe("undated");
  expect(newestDataText({ asOf: null, unit: "rows" })).toBe("none yet");
  expect(newestDataText({ asOf: null, unit: "years" })).toBe("by edition, per year");
});

test("a live service: 'not synced yet' before its first sync; 'none yet' when a sync found nothing", () => {
  expect(newestDataText({ asOf: null, unit: "datasets", live: true, lastSync: null })).toBe("not synced yet");
  expect(
    newestDataText({ asOf: null, unit: "offers", live: true, lastSync: "2026-01-02T00:00:00.000Z" }),
  ).toBe("none yet");
  expect(
    newestDataText({ asOf: "2026-01-02T00:00:00.000Z", unit: "offers", live: true, lastSync: null }),
  ).toBe("Jan 2026");
});

import { expect, test } from "vitest";
import { countWithUnit } from "../../format/numbers.ts";
import { newestDataText, syncFailureText } from "./newest-data.ts";

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

test("a service that is not connected says so, not 'not synced yet' (review r28-a #6)", () => {
  expect(
    newestDataText({ asOf: null, unit: "records", live: true, lastSync: null, notConnected: true }),
  ).toBe("not connected");
  // Data stored while it was connected keeps its date, and says it is not connected now.
  expect(
    newestDataText({
      asOf: "2026-01-02T00:00:00.000Z",
      unit: "records",
      live: true,
      lastSync: "2026-01-02T00:00:00.000Z",
      notConnected: true,
    }),
  ).toBe("Jan 2026 (not connected now)");
});

test("a live service whose last attempt failed: said with its time and error, never 'not synced yet'", () => {
  const lastFailure = { at: "2026-11-20T10:30:00.000Z", message: "GOG answered 503" };
  expect(newestDataText({ asOf: null, unit: "offers", live: true, lastSync: null, lastFailure })).toBe(
    "no successful sync yet",
  );
  expect(syncFailureText({ lastFailure })).toMatch(/^Last sync failed Nov 20, 2026, .+: GOG answered 503$/);
  expect(syncFailureText({ lastFailure: null })).toBeNull();
  expect(syncFailureText({})).toBeNull();
});

test("one record is said in the singular", () => {
  expect(newestDataText({ asOf: null, undated: 1, unit: "rows" })).toBe("undated");
  expect(newestDataText({ asOf: "2016-12-22T00:00:00.000Z", undated: 1, unit: "rows" })).toBe(
    "Dec 2016 (1 row undated)",
  );
  expect(countWithUnit(1, "free games")).toBe("1 free game");
  expect(countWithUnit(1, "games")).toBe("1 game");
  expect(countWithUnit(1, "repositories")).toBe("1 repository");
  expect(countWithUnit(1, "data points")).toBe("1 data point");
  expect(countWithUnit(0, "offers")).toBe("0 offers");
  expect(countWithUnit(1, "records (games, platforms)")).toBe("1 record (games, platforms)");
  expect(countWithUnit(1200, "games")).toBe("1,200 games");
});

import { expect, test } from "vitest";
import { namedTogether, newestTime, oncePerSource, provenanceList } from "./provenance.ts";

test("sources are named together, each once, dated by the newest of their times", () => {
  expect(
    namedTogether([
      { source: "SteamSpy", asOf: "2026-03-01T00:00:00Z" },
      null,
      { source: "SteamCharts", asOf: "2026-03-05T00:00:00.000Z" },
      { source: "SteamSpy", asOf: null },
    ]),
  ).toEqual({ source: "SteamSpy; SteamCharts", asOf: "2026-03-05T00:00:00.000Z" });
  expect(namedTogether({ source: "Newzoo", asOf: null })).toEqual({ source: "Newzoo", asOf: null });
  expect(namedTogether(null)).toEqual({ source: null, asOf: null });
  expect(namedTogether([])).toEqual({ source: null, asOf: null });
  // Compared as times, not as text: "+01:00" is earlier than the Z time here.
  expect(newestTime(["2026-01-01T10:30:00+01:00", "2026-01-01T10:00:00Z", undefined])).toBe(
    "2026-01-01T10:00:00Z",
  );
  expect(provenanceList(undefined)).toEqual([]);
});

test("a list's source line names each source once, at its newest time, oldest first", () => {
  const spy = (asOf: string) => ({ source: "Steam via SteamSpy (dataset)", asOf });
  expect(
    oncePerSource([
      spy("2023-05-30T00:00:00.000Z"),
      { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z", method: "the month's average players" },
      null,
      spy("2023-05-31T00:00:00.000Z"),
      spy("2023-05-30T00:00:00.000Z"),
    ]),
  ).toEqual([
    { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z", method: "the month's average players" },
    spy("2023-05-31T00:00:00.000Z"),
  ]);
  expect(oncePerSource(null)).toEqual([]);
});

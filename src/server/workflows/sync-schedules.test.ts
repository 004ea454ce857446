import { expect, test } from "vitest";
import { syncSchedules } from "./definitions.ts";

// Review r33-c #6: "collected twice a day" was said while no schedule ran.
test("a source's schedule is its workflow's while the scheduler runs and the workflow is active", () => {
  const on = syncSchedules(true, new Set());
  expect(on.get("github")).toBe("every 12 hours");
  expect(on.get("igdb")).toBe("every 12 hours");
  expect(on.get("steam")).toBe("every 15 minutes");
  expect(on.get("gog")).toBe("every 15 minutes");
  const paused = syncSchedules(true, new Set(["historical-data-integration"]));
  expect(paused.get("github")).toBeUndefined();
  expect(paused.get("steam")).toBe("every 15 minutes");
  expect(syncSchedules(false, new Set()).size).toBe(0);
});

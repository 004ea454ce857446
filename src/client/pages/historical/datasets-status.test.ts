import { expect, test } from "vitest";
import { datasetsStatusText } from "./datasets-status.ts";

const line = (...args: Parameters<typeof datasetsStatusText>) => {
  const { lead, rest } = datasetsStatusText(...args);
  return lead + rest;
};

test("the spec's active line only while Kaggle is connected", () => {
  expect(line(12, "connected")).toBe("Datasets API active — 12 Kaggle datasets listed");
  expect(line(1, "connected")).toBe("Datasets API active — 1 Kaggle dataset listed");
});

test("no active API claimed beside an empty list: it says why the list is empty", () => {
  expect(line(0, "not_configured")).toBe("Kaggle datasets: none listed (Kaggle is not configured)");
  expect(line(0, "never_synced")).toBe(
    "Kaggle datasets: none listed (the Kaggle list has not been fetched yet)",
  );
  expect(line(0, "error")).toBe("Kaggle datasets: none listed (the Kaggle sync failed)");
  expect(line(0, undefined)).toBe("Kaggle datasets: none listed");
  expect(line(0, "connected")).toBe("Datasets API active — 0 Kaggle datasets listed");
});

test("a list kept from an earlier sync says the latest one failed", () => {
  expect(line(9, "error")).toBe(
    "Kaggle datasets: 9 listed (from the last successful sync; the latest Kaggle sync failed)",
  );
});

test("customers read what is listed and since when, never why (configuration, a failed sync)", () => {
  const customer = { operator: false };
  expect(line(0, "not_configured", customer)).toBe("Kaggle datasets: none listed");
  expect(line(0, "error", customer)).toBe("Kaggle datasets: none listed");
  expect(line(9, "error", { operator: false, since: "Nov 20, 2026" })).toBe(
    "Kaggle datasets: 9 listed, as of Nov 20, 2026",
  );
  expect(line(12, "connected", customer)).toBe("Datasets API active — 12 Kaggle datasets listed");
});

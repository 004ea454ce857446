import { expect, test } from "vitest";
import { numberCheckText } from "./ai-text.ts";

const drop = { field: "keyInsights[0]", sentence: "x", unknown: ["9"] };

test("the number check's counts agree with their nouns", () => {
  expect(numberCheckText({ checked: 1, dropped: [] })).toBe(
    "Number check: 1 figure checked against the facts, none unknown",
  );
  expect(numberCheckText({ checked: 0, dropped: [] })).toBe(
    "Number check: 0 figures checked against the facts, none unknown",
  );
  expect(numberCheckText({ checked: 3, dropped: [drop] })).toBe(
    "Number check: 3 figures checked against the facts, 1 sentence dropped",
  );
  expect(numberCheckText({ checked: 12, dropped: [drop, drop] })).toBe(
    "Number check: 12 figures checked against the facts, 2 sentences dropped",
  );
});

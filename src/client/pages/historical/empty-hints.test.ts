import { expect, test } from "vitest";
import { esportsHint, historicalDataHint } from "./empty-hints.ts";

// Review 20, item 10: empty states that said nothing of what fills them.
test("operators get the command that fills an empty card, customers what it waits for", () => {
  expect(historicalDataHint(true)).toMatch(/bun run import steamcharts-csv FILE\.$/);
  expect(historicalDataHint(false)).toMatch(/Player history starts with the first live sync\.$/);
  expect(historicalDataHint(false)).not.toMatch(/bun run/);
  expect(esportsHint(true)).toContain("bun run import esports-csv DIR");
  expect(esportsHint(false)).not.toMatch(/bun run/);
});

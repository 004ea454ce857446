import { expect, test, vi } from "vitest";

// As on a remote database (or `:memory:`): no data version to tell when anything committed.
vi.mock("../../src/server/db/client.ts", async (original) => ({
  ...(await original<typeof import("../../src/server/db/client.ts")>()),
  dataVersion: () => null,
}));

const { keptUntilChange } = await import("../../src/server/catalog/kept-answers.ts");
const { upsertGames } = await import("../../src/server/catalog/write.ts");
const { rawClient } = await import("../../src/server/db/client.ts");

test("without a data version, catalog answers are kept while the catalog's content key stays; others are not", async () => {
  let catalogRuns = 0;
  let otherRuns = 0;
  const catalogAnswer = keptUntilChange(async () => ++catalogRuns, { catalogOnly: true });
  const otherAnswer = keptUntilChange(async () => ++otherRuns);
  const { ids } = await upsertGames([{ name: "Remote Kept Game" }], "test");
  expect(await catalogAnswer()).toBe(1);
  expect(await catalogAnswer()).toBe(1);
  expect(await otherAnswer()).toBe(1);
  expect(await otherAnswer()).toBe(2);
  // A commit that changes no game keeps it; a point written without any signal here does not.
  await rawClient().execute(
    "INSERT INTO system_settings (key, value, updated_at) VALUES ('kept-remote-test', '1', 0) ON CONFLICT (key) DO UPDATE SET value = value || '1'",
  );
  expect(await catalogAnswer()).toBe(1);
  await rawClient().execute({
    sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'owners', 0, 1, 'day', 'test')",
    args: [ids[0]!],
  });
  expect(await catalogAnswer()).toBe(2);
  expect(await catalogAnswer()).toBe(2);
});

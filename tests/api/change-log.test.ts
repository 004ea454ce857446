import { expect, test } from "vitest";
import { catalogLogPrunableTo, followCatalogLog } from "../../src/server/catalog/changes.ts";

test("the change log is pruned only up to what every follower applied, unless one lags past rebuilding", () => {
  let behind: number | null = null;
  const stop = followCatalogLog(() => behind);
  try {
    // A follower that has not built yet will read everything anyway: it holds nothing back.
    expect(catalogLogPrunableTo(30_000, 50_000)).toBe(30_000);
    behind = 12_000;
    expect(catalogLogPrunableTo(30_000, 50_000)).toBe(12_000);
    // So far behind that it would rebuild from scratch: no reason to keep the log for it.
    expect(catalogLogPrunableTo(70_000, 50_000)).toBe(70_000);
  } finally {
    stop();
  }
  expect(catalogLogPrunableTo(30_000, 50_000)).toBe(30_000);
});

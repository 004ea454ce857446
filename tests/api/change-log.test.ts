import { expect, test } from "vitest";
import {
  catalogLogPrunableTo,
  followCatalogLog,
  logHeadSql,
  readCatalogLog,
} from "../../src/server/catalog/changes.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient, readRows } from "../../src/server/db/client.ts";

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

test("a follower built after the log was pruned empty (a restart) catches up on the next change without reading everything again", async () => {
  await upsertGames(
    [
      { name: "Pruned Before Restart", steamAppId: 9001 },
      { name: "Also Pruned", steamAppId: 9002 },
    ],
    "test",
  );
  const last = Number((await readRows("SELECT max(seq) AS seq FROM catalog_changes"))[0]?.seq);
  expect(last).toBeGreaterThan(0);
  // What pruning does once every follower has applied everything.
  await rawClient().execute("DELETE FROM catalog_changes");
  // Where a follower building now starts.
  const head = Number((await readRows(`SELECT ${logHeadSql("catalog_changes")} AS seq`))[0]?.seq);
  expect(head).toBe(last);
  const { ids } = await upsertGames([{ name: "Changed After Restart", steamAppId: 9003 }], "test");
  expect(await readCatalogLog(head, 50_000)).toEqual({
    rebuild: false,
    first: last + 1,
    last: last + 1,
    gameIds: ids,
  });
});

test("an empty log means nothing new only to a follower at its head: one behind it missed pruned changes", async () => {
  await upsertGames([{ name: "Logged Then Pruned", steamAppId: 9004 }], "test");
  const head = Number((await readRows(`SELECT ${logHeadSql("catalog_changes")} AS seq`))[0]?.seq);
  // Pruned by a follower that had applied everything, while this one lagged.
  await rawClient().execute("DELETE FROM catalog_changes");
  expect(await readCatalogLog(head, 50_000)).toEqual({
    rebuild: false,
    first: null,
    last: null,
    gameIds: [],
  });
  expect(await readCatalogLog(head - 1, 50_000)).toEqual({ rebuild: true });
  expect(await readCatalogLog(0, 50_000)).toEqual({ rebuild: true });
});

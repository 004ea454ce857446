import { expect, test } from "vitest";
import { rawClient } from "./client.ts";
import { query, run, writeTransaction } from "./write-transaction.ts";

test("a transaction's statements run back to back: no other code of this process runs in between", async () => {
  await rawClient().execute("CREATE TABLE IF NOT EXISTS tx_order (step TEXT)");
  const seen: string[] = [];
  // Queued before the transaction starts: with an await between statements it would run in the middle.
  queueMicrotask(() => seen.push("other work"));
  const done = writeTransaction(function* () {
    yield* run("INSERT INTO tx_order VALUES ('first')");
    seen.push("first");
    yield* run("INSERT INTO tx_order VALUES ('second')");
    seen.push("second");
    return (yield* query("SELECT count(*) AS n FROM tx_order"))[0]!.n;
  });
  expect(await done).toBe(2);
  expect(seen).toEqual(["first", "second", "other work"]);
});

test("an error rolls the whole transaction back, and the connection goes on working", async () => {
  await rawClient().execute("CREATE TABLE IF NOT EXISTS tx_rollback (id INTEGER PRIMARY KEY)");
  await expect(
    writeTransaction(function* () {
      yield* run("INSERT INTO tx_rollback VALUES (1)");
      yield* run("INSERT INTO tx_rollback VALUES (1)");
    }),
  ).rejects.toThrow(/UNIQUE/);
  const rs = await rawClient().execute("SELECT count(*) AS n FROM tx_rollback");
  expect(Number(rs.rows[0]!.n)).toBe(0);
  await writeTransaction(function* () {
    yield* run("INSERT INTO tx_rollback VALUES (2)");
  });
  const after = await rawClient().execute("SELECT id FROM tx_rollback");
  expect(after.rows.map((r) => Number(r.id))).toEqual([2]);
});

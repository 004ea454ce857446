/**
 * A second writer process for concurrency tests: takes the database's write lock `rounds` times,
 * holding it `holdMs` each time (as an import batch or a migration would), through the same
 * `openClient` the product uses. Prints `done <rounds>` when finished.
 * Usage: bun tests/helpers/lock-writer.ts <file-url> <rounds> <holdMs>
 */
import { openClient } from "../../src/server/db/client.ts";

const [url, roundsArg, holdArg] = process.argv.slice(2);
if (!url) throw new Error("usage: lock-writer.ts <file-url> <rounds> <holdMs>");
const rounds = Number(roundsArg ?? 40);
const holdMs = Number(holdArg ?? 20);
const client = openClient(url, undefined, 5000);
for (let i = 0; i < rounds; i++) {
  const tx = await client.transaction("write");
  // A real write, so the lock is the one a writer holds (not only a reserved intent).
  await tx.execute(
    "UPDATE games SET updated_at = updated_at WHERE rowid IN (SELECT rowid FROM games LIMIT 1)",
  );
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  await tx.commit();
  await new Promise((resolve) => setTimeout(resolve, 2));
}
client.close();
console.log(`done ${rounds}`);

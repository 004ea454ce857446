/**
 * Another process writing the same row over and over: runs one statement (autocommit) in a loop for
 * `ms` milliseconds, as a second server answering a stream of requests would, then prints `done <n>`.
 * Usage: bun tests/helpers/repeat-write.ts <file-url> <ms> <sql> '<json args>'
 */
import { openClient } from "../../src/server/db/client.ts";

const [url, msArg, sql, argsArg] = process.argv.slice(2);
if (!url || !sql) throw new Error("usage: repeat-write.ts <file-url> <ms> <sql> <json args>");
const args = JSON.parse(argsArg ?? "[]") as (string | number | null)[];
const client = openClient(url, undefined, 5000);
const until = Date.now() + Number(msArg ?? 1000);
let n = 0;
console.log("started");
while (Date.now() < until) {
  await client.execute({ sql, args });
  n++;
}
client.close();
console.log(`done ${n}`);

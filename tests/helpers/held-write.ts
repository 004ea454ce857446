/**
 * Another process's write transaction, held open: takes the database's write lock (BEGIN IMMEDIATE),
 * runs the statements given, prints `holding`, keeps the lock `holdMs`, then commits and prints
 * `committed`. A test starts a request of this process once it reads `holding`: the request's own
 * write then waits on this lock and runs right after the commit, as a second server's would.
 * Usage: bun tests/helpers/held-write.ts <file-url> <holdMs> '<json [{ "sql": …, "args": […] }, …]>'
 */
import { openClient } from "../../src/server/db/client.ts";

const [url, holdArg, statementsArg] = process.argv.slice(2);
if (!url || !statementsArg) throw new Error("usage: held-write.ts <file-url> <holdMs> <statements json>");
const statements = JSON.parse(statementsArg) as { sql: string; args?: (string | number | null)[] }[];
const client = openClient(url, undefined, 5000);
const tx = await client.transaction("write");
for (const { sql, args } of statements) await tx.execute({ sql, args: args ?? [] });
console.log("holding");
await new Promise((resolve) => setTimeout(resolve, Number(holdArg ?? 300)));
await tx.commit();
client.close();
console.log("committed");

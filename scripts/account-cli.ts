/**
 * What the shell's account commands (`user:role`, `user:password`) share: migrations applied first,
 * the account found by its email in any case, the database closed after; a wrong use, an unknown
 * email or an error says so on stderr and exits 1. A refusal (an HttpProblem, e.g. the last admin)
 * is said in its own words; any other error after `failure` ("Could not change the role").
 */
import { findUserByEmail } from "../src/server/accounts/users.ts";
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import type { UserRow } from "../src/server/db/schema/index.ts";
import { HttpProblem } from "../src/server/http/problem.ts";

export function fail(message: string): never {
  console.error(message);
  closeDb();
  process.exit(1);
}

export async function withAccount(
  email: string,
  failure: string,
  work: (user: UserRow) => Promise<void>,
): Promise<void> {
  try {
    await runMigrations();
    const user = await findUserByEmail(email);
    if (!user) fail(`No user with the email ${email.trim()}. They must sign up first.`);
    await work(user);
    closeDb();
  } catch (error) {
    if (error instanceof HttpProblem) fail(error.message);
    fail(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

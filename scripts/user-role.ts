/**
 * `bun run user:role <email> <regular|premium|admin>`: sets a user's role and its tier (spec §5
 * pairs) from the shell, e.g. to make the first admin. Applies migrations first.
 */
import { ROLE_TIER, ROLES, type Role } from "../src/contracts/user.ts";
import { changeUserRole } from "../src/server/accounts/admin.ts";
import { findUserByEmail } from "../src/server/accounts/users.ts";
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { HttpProblem } from "../src/server/http/problem.ts";

const USAGE = `Usage: bun run user:role <email> <${ROLES.join("|")}>`;

function fail(message: string): never {
  console.error(message);
  closeDb();
  process.exit(1);
}

const [email, role] = process.argv.slice(2);
if (!email || !role) fail(USAGE);
if (!(ROLES as readonly string[]).includes(role)) {
  fail(`Unknown role "${role}". Use one of: ${ROLES.join(", ")}.`);
}

try {
  await runMigrations();
  const user = await findUserByEmail(email);
  if (!user) fail(`No user with the email ${email.trim()}. They must sign up first.`);
  const before = `${user.role}/${user.subscriptionTier}`;
  const updated = await changeUserRole(null, user.id, role as Role, "shell");
  const after = `${updated.role}/${updated.subscriptionTier}`;
  console.log(
    before === after
      ? `${updated.email} is already ${after}.`
      : `${updated.email}: ${before} → ${after} (${role} always goes with ${ROLE_TIER[role as Role]}).`,
  );
  closeDb();
} catch (error) {
  if (error instanceof HttpProblem) fail(error.message);
  fail(`Could not change the role: ${error instanceof Error ? error.message : String(error)}`);
}

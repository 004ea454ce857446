/**
 * `bun run user:role <email> <regular|premium|admin>`: sets a user's role and its tier (spec §5
 * pairs) from the shell, e.g. to make the first admin. Applies migrations first.
 */
import { ROLE_TIER, ROLES, type Role } from "../src/contracts/user.ts";
import { changeUserRole } from "../src/server/accounts/admin.ts";
import { fail, withAccount } from "./account-cli.ts";

const USAGE = `Usage: bun run user:role <email> <${ROLES.join("|")}>`;

const [email, role] = process.argv.slice(2);
if (!email || !role) fail(USAGE);
if (!(ROLES as readonly string[]).includes(role)) {
  fail(`Unknown role "${role}". Use one of: ${ROLES.join(", ")}.`);
}

await withAccount(email, "Could not change the role", async (user) => {
  const before = `${user.role}/${user.subscriptionTier}`;
  const updated = await changeUserRole(null, user.id, role as Role, "shell");
  const after = `${updated.role}/${updated.subscriptionTier}`;
  console.log(
    before === after
      ? `${updated.email} is already ${after}.`
      : `${updated.email}: ${before} → ${after} (${role} always goes with ${ROLE_TIER[role as Role]}).`,
  );
});

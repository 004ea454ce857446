/**
 * `bun run user:password <email>`: gives an account a new, generated temporary password from the
 * shell and ends all its sessions (review r21/a #1). For a lost password where no admin can help: an
 * ADMIN_EMAILS owner (whose password no admin may reset), or the only admin. The password is printed
 * once and never stored in clear; the audit log records the reset as done from the shell. Applies
 * migrations first.
 */
import { TEMPORARY_PASSWORD_HOURS } from "../src/contracts/auth.ts";
import { resetPasswordFromShell } from "../src/server/accounts/passwords.ts";
import { fail, withAccount } from "./account-cli.ts";

const USAGE = "Usage: bun run user:password <email>";

const args = process.argv.slice(2);
const email = args[0];
if (!email || args.length > 1) fail(USAGE);

await withAccount(email, "Could not reset the password", async (user) => {
  const { temporaryPassword, endedSessions, expiresAt } = await resetPasswordFromShell(user.id);
  console.log(`Temporary password for ${user.email}: ${temporaryPassword}`);
  console.log(
    `It is shown only this once: pass it on privately. ${endedSessions} ${endedSessions === 1 ? "session" : "sessions"} ended. ` +
      `It signs in for ${TEMPORARY_PASSWORD_HOURS} hours only, until ${expiresAt} (UTC); they set their own in Settings → Security → Password before then.`,
  );
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SCREENSHOT_DIR, serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Tester's report r20/b, finding 2: Settings → Security → Password (set, change, the other sessions
 * signed out), "Sign out other sessions", and User Management's "Reset password" dialog.
 */
const OWNER_EMAIL = "owner-by-setting@example.com";
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([], { env: { ADMIN_EMAILS: OWNER_EMAIL } }));
});

afterAll(() => stopAll(browser, server));

/** Signs in from outside the browser (another device): the session cookie, or null when refused. */
async function signInElsewhere(email: string, password: string): Promise<string | null> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) return null;
  return res.headers.get("set-cookie")?.match(/session=([^;]+)/)?.[0] ?? null;
}

async function signedIn(cookie: string): Promise<boolean> {
  const res = await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: cookie } });
  return res.status === 200;
}

test("Settings → Security: set a password, change it (wrong current refused), other sessions signed out", async () => {
  const { context, email } = await signedInContext(browser, server, { firstName: "Pat" });
  const page = await context.newPage();
  await page.goto(`${server.url}/settings?tab=security`);

  // An account made through a provider has no password: it sets one without a current password.
  await page.getByRole("heading", { name: "Password" }).waitFor();
  await page.getByText("Your account has no password").waitFor();
  expect(await page.getByLabel("Current password").count()).toBe(0);
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set a password" }).click();
  await page.getByText("Too short: at least 8 characters").waitFor();
  await page.getByLabel("New password").fill("first password 1");
  await page.getByRole("button", { name: "Set a password" }).click();
  await page.getByText("Password set: you can now sign in with your email too.").waitFor();

  // Another device signs in with it; changing the password signs that one out, not this one.
  const elsewhere = await signInElsewhere(email, "first password 1");
  expect(elsewhere).not.toBeNull();
  await page.getByLabel("Current password").fill("not the password");
  await page.getByLabel("New password").fill("second password 2");
  await page.getByRole("button", { name: "Change password" }).click();
  await page.getByText("The current password is not correct").waitFor();
  expect(await signedIn(elsewhere!)).toBe(true);

  await page.getByLabel("Current password").fill("first password 1");
  await page.getByLabel("New password").fill("second password 2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect
    .poll(() => page.getByTestId("password-changed").textContent())
    .toBe("Password changed. 1 other session signed out. This session stays signed in.");
  expect(await signedIn(elsewhere!)).toBe(false);
  expect(await signInElsewhere(email, "first password 1")).toBeNull();

  // "Sign out other sessions" says how many ended.
  const phone = await signInElsewhere(email, "second password 2");
  const laptop = await signInElsewhere(email, "second password 2");
  await page.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect
    .poll(() => page.getByTestId("sessions-ended").textContent())
    .toBe("2 other sessions signed out.");
  expect(await signedIn(phone!)).toBe(false);
  expect(await signedIn(laptop!)).toBe(false);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-password.png`, fullPage: true });
  // This session stays: the page still works after a reload.
  await page.reload();
  await page.getByRole("button", { name: "Change password" }).waitFor();
  // The spec's Security texts are still there.
  await page.getByText("Danger Zone").waitFor();
  await page.getByRole("button", { name: "Delete Account" }).waitFor();
  await context.close();
});

test("User Management: Reset password shows a temporary password once; the user's sessions end", async () => {
  const admin = await signedInContext(browser, server, {
    role: "admin",
    firstName: "Ada",
    lastName: "Admin",
  });
  const member = await signedInContext(browser, server, { firstName: "Rob", lastName: "Reset" });
  const ownerByEmail = await signedInContext(browser, server, {
    role: "admin",
    email: OWNER_EMAIL,
    firstName: "Olga",
    lastName: "Owner",
  });
  const page = await admin.context.newPage();
  await page.goto(`${server.url}/admin/users`);
  await page.getByRole("button", { name: "Reset password of Rob Reset" }).waitFor();
  // Not for your own account.
  expect(await page.getByRole("button", { name: "Reset password of Ada Admin" }).count()).toBe(0);
  // Not for an ADMIN_EMAILS owner (review r21/a #1): the button is off and says why.
  const owner = page.getByRole("button", { name: "Reset password of Olga Owner" });
  expect(await owner.isDisabled()).toBe(true);
  expect(await owner.getAttribute("title")).toContain("ADMIN_EMAILS setting");
  expect(await owner.getAttribute("title")).toContain("bun run user:password");

  const memberPage = await member.context.newPage();
  await memberPage.goto(`${server.url}/settings`);
  await memberPage.getByRole("heading", { name: "Settings" }).first().waitFor();

  const memberCookie = (await member.context.cookies()).find((c) => c.name === "session")!;
  expect(await signedIn(`session=${memberCookie.value}`)).toBe(true);
  await page.getByRole("button", { name: "Reset password of Rob Reset" }).click();
  await page.getByRole("heading", { name: "Reset the password of Rob Reset?" }).waitFor();
  await page.getByText("temporary password to pass on to them, valid for 24 hours.").waitFor();
  await page.getByRole("button", { name: "Reset password", exact: true }).click();
  const shown = page.getByTestId("temporary-password");
  await shown.waitFor();
  const temporary = await shown.inputValue();
  expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await page.getByText("It is shown only this once").waitFor();
  // It signs in for 24 hours only (ADR 027 addendum): the dialog says so and until when.
  await page.getByText("It works for 24 hours only, until", { exact: false }).waitFor();
  const until = await page.getByTestId("temporary-password-expires").textContent();
  expect(until).toMatch(/\d{4}/);
  await page
    .getByText("they set their own in Settings → Security → Password before then", { exact: false })
    .waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-reset-password.png` });
  await page.getByRole("button", { name: "Done" }).click();
  expect(await shown.count()).toBe(0);

  // The member's browser was signed out; the temporary password signs in.
  expect(await signedIn(`session=${memberCookie.value}`)).toBe(false);
  expect(await signInElsewhere(member.email, temporary)).not.toBeNull();
  await admin.context.close();
  await member.context.close();
  await ownerByEmail.context.close();
});

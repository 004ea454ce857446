import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  adminBesideMember,
  SCREENSHOT_DIR,
  serverSql,
  serverWithData,
  signedInContext,
  stopAll,
  type TestServer,
} from "./harness.ts";

/** Review r20-b: the admin and operations findings 3, 4, 6, 8 and 9 as a person sees them. */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData());
});

afterAll(() => stopAll(browser, server));

/** A sign-in attempt from the page, as the sign-in dialog sends it: the response's status. */
function signInFromPage(page: Page, email: string, password: string): Promise<number> {
  return page.evaluate(
    async ([email, password]) =>
      (
        await fetch("/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    [email, password] as const,
  );
}

test("#3: the hour's report limit reached, Overview's toast says when the next report can be generated", async () => {
  const member = await signedInContext(browser, server);
  const page = await member.context.newPage();
  await page.route("**/api/analytics/reports", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 429,
          headers: { "Content-Type": "application/problem+json", "Retry-After": "1200" },
          body: JSON.stringify({
            type: "about:blank",
            title: "Too Many Requests",
            status: 429,
            detail: "You can generate at most 30 reports an hour. Try again in 20 minutes.",
          }),
        })
      : route.continue(),
  );
  await page.goto(`${server.url}/`);
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  await page.getByRole("button", { name: "Generate Report" }).click();
  const toast = page.getByText(
    /^You can generate at most 30 reports an hour\. You can generate the next one at /,
  );
  await toast.first().waitFor();
  expect(await toast.first().textContent()).toMatch(
    /at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC\.$/u,
  );
  await page.getByText("Report limit reached").first().waitFor();
  expect(await page.getByText("Failed to generate the report. Please try again.").count()).toBe(0);
  await member.context.close();
});

test("#6, #4, #8: System Health names the failing live sources; the audit log card; field labels in toasts", async () => {
  const at = Date.now() - 60_000;
  for (const source of ["steamspy", "steam"]) {
    await serverSql(
      server,
      "INSERT INTO source_syncs (source, status, message, records, last_sync_at) VALUES (?, 'error', ?, 0, ?) ON CONFLICT (source) DO UPDATE SET status = 'error', message = excluded.message",
      [source, `${source}: unreachable`, at],
    );
  }
  const { admin, member, page } = await adminBesideMember(browser, server);
  // A failed sign-in on the member's account, to be found in the audit log.
  await page.goto(`${server.url}/admin`);
  expect(await signInFromPage(page, member.email, "not the password at all")).toBe(401);

  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  const health = page.locator("[data-slot='metric-card']").filter({ hasText: "System Health" });
  await expect.poll(() => health.textContent()).toContain("2 live sources failing");
  expect(await health.textContent()).toContain("Degraded");
  expect(await health.textContent()).toMatch(/Database healthy \([\d.]+ ms\)/);
  await page.getByRole("tab", { name: "System Overview" }).click();
  await page.getByText(/Last sync failed: .*steamspy \(steamspy: unreachable\)/).waitFor();

  await page.getByRole("tab", { name: "Settings" }).click();
  const audit = page.getByTestId("audit-log");
  await audit.getByRole("heading", { name: "Audit log" }).waitFor();
  const failed = audit.getByTestId("audit-row").filter({ hasText: "Failed sign-in" });
  await expect.poll(() => failed.count()).toBe(1);
  const text = await failed.textContent();
  expect(text).toContain("Failed sign-in (password: wrong password)");
  expect(text).toContain("Nobody signed in");
  // Review r21/a #2: from which address, as the sign-in limits see it.
  expect(text).toMatch(/from (127\.0\.0\.1|::1)/);
  expect(text).toContain(`Rob Regular (${member.email})`);
  // The time in the user's time zone (UTC until they choose one), named.
  expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC/u);
  // One action only.
  await audit.getByRole("combobox", { name: "Show actions" }).click();
  await page.getByRole("option", { name: "Signed out everyone" }).click();
  await audit.getByText("No entries for this action.").waitFor();

  // #8: a refused rate limit names the field as the form does, not "apiPerMinute".
  const api = page.getByLabel(/^API requests a minute per user/);
  await api.fill("5");
  await page.getByRole("button", { name: "Save limits" }).click();
  const refusal = page.getByText(/^API requests a minute per user: /);
  await refusal.first().waitFor();
  expect(await page.getByText(/apiPerMinute/).count()).toBe(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-audit-log.png`, fullPage: true });
  await admin.context.close();
  await member.context.close();
});

const LONG_EMAIL = "a.very.long.address.for.testing.wrapping@some-studio-with-a-long-domain-name.example.com";

test("#9: at 390 px the admin tabs wrap in sight and the users table says its role column is sideways", async () => {
  const admin = await signedInContext(browser, server, { role: "admin" });
  // A long address wraps inside its cell instead of widening the table (with a name, and as the only line).
  const named = await signedInContext(browser, server, {
    email: LONG_EMAIL,
    firstName: "Lou",
    lastName: "Long",
  });
  const unnamed = await signedInContext(browser, server, { email: `x.${LONG_EMAIL}` });
  const page = await admin.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/admin`);
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  for (const name of ["User Management", "System Overview", "Analytics", "Settings"]) {
    const tab = page.getByRole("tab", { name });
    const box = (await tab.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  await page.getByTestId("user-row").first().waitFor();
  await page
    .getByText("Scroll the table sideways for Role, Tier and Actions (where a role is changed).")
    .waitFor();
  for (const email of [LONG_EMAIL, `x.${LONG_EMAIL}`]) {
    const shown = page.getByTestId("user-email").and(page.getByText(email, { exact: true }));
    const fits = await shown.evaluate((el) => {
      const cell = el.closest("td")!.getBoundingClientRect();
      const line = Number.parseFloat(getComputedStyle(el).lineHeight);
      return {
        insideCell: el.getBoundingClientRect().right <= cell.right + 0.5,
        noOverflow: el.scrollWidth <= el.clientWidth + 1,
        lines: Math.round(el.getBoundingClientRect().height / line),
        cellWidth: cell.width,
      };
    });
    expect(fits.insideCell, email).toBe(true);
    expect(fits.noOverflow, email).toBe(true);
    expect(fits.lines, email).toBeGreaterThan(1);
    expect(fits.cellWidth, email).toBeLessThan(390);
  }
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-users-390.png`, fullPage: true });
  // Wide enough for every column: no hint.
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect
    .poll(() => page.getByText("Scroll the table sideways for Role, Tier and Actions").count())
    .toBe(0);
  await admin.context.close();
  await named.context.close();
  await unnamed.context.close();
});

// Review r25, item 6: Older emptied the table to a skeleton until the next page came.
test("the audit log keeps its page in sight, marked busy, while the next one loads; the pager keeps the focus", async () => {
  // Thirty backups taken in 2020 (older than anything the other tests record): two pages of "Took a backup".
  for (let i = 0; i < 30; i++) {
    await serverSql(
      server,
      "INSERT INTO audit_log (id, actor_id, action, target_id, detail, created_at) VALUES (?, NULL, 'backup.created', ?, NULL, ?)",
      [`r25-backup-${i}`, `backup-${String(i).padStart(2, "0")}.db`, Date.UTC(2020, 0, 1 + i)],
    );
  }
  const admin = await signedInContext(browser, server, { role: "admin" });
  const page = await admin.context.newPage();
  await page.goto(`${server.url}/admin`);
  await page.getByRole("tab", { name: "Settings" }).click();
  const audit = page.getByTestId("audit-log");
  await audit.getByRole("combobox", { name: "Show actions" }).click();
  await page.getByRole("option", { name: "Took a backup" }).click();
  await audit.getByText("Page 1 of 2").waitFor();
  const rows = audit.getByTestId("audit-row");
  await expect.poll(() => rows.count()).toBe(20);
  const firstOfPage1 = await rows.first().textContent();
  // The second page is held back until the test lets it through.
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const secondPage = (url: URL) =>
    url.pathname === "/api/admin/audit" && url.searchParams.get("page") === "2";
  await page.route(secondPage, async (route) => {
    await released;
    await route.continue();
  });
  const older = audit.getByRole("button", { name: "Older" });
  await older.focus();
  await page.keyboard.press("Enter");
  await audit.getByText("Page 2 of 2").waitFor();
  // Loading: the first page's rows stay, the table says it is busy, and the focus stays on Older (now
  // the last page's, so it does nothing) rather than falling to <body>.
  const table = audit.getByRole("table");
  expect(await table.getAttribute("aria-busy")).toBe("true");
  expect(await rows.count()).toBe(20);
  expect(await rows.first().textContent()).toBe(firstOfPage1);
  expect(await older.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await older.getAttribute("aria-disabled")).toBe("true");
  release();
  await expect.poll(() => rows.count()).toBe(10);
  expect(await table.getAttribute("aria-busy")).toBeNull();
  expect(await rows.first().textContent()).not.toBe(firstOfPage1);
  expect(await older.evaluate((el) => el === document.activeElement)).toBe(true);
  await admin.context.close();
});

// Last in the file: its long email widens the users table of the tests above.
test("r21/a #2, #6: the audit card names unknown accounts and other sessions plainly, with the address; nothing cut at 1280 px", async () => {
  const admin = await signedInContext(browser, server, { role: "admin" });
  const member = await signedInContext(browser, server, {
    firstName: "Olivia",
    lastName: "Longname-Whitfield",
    email: "olivia.longname-whitfield.security-review@a-rather-long-studio-domain.example",
  });
  const memberPage = await member.context.newPage();
  await memberPage.goto(`${server.url}/settings`);
  const ended = await memberPage.evaluate(
    async () => (await fetch("/api/auth/sessions/end-others", { method: "POST" })).status,
  );
  expect(ended).toBe(200);
  expect(await signInFromPage(memberPage, "typed-by-someone@nowhere.example", "a guessed one")).toBe(401);

  const page = await admin.context.newPage();
  await page.goto(`${server.url}/admin`);
  await page.getByRole("tab", { name: "Settings" }).click();
  const audit = page.getByTestId("audit-log");
  const others = audit.getByTestId("audit-row").filter({ hasText: "Signed out their other sessions" });
  await expect.poll(() => others.count()).toBe(1);
  expect(await others.textContent()).toContain(`Olivia Longname-Whitfield (${member.email})`);
  expect(await others.textContent()).not.toContain(member.userId);
  const failed = audit.getByTestId("audit-row").filter({ hasText: "no account with that email" });
  expect(await failed.textContent()).toContain("Unknown account");
  expect(await failed.textContent()).not.toContain("typed-by-someone");
  expect(await failed.textContent()).toMatch(/Nobody signed infrom (127\.0\.0\.1|::1)/);
  // Long emails wrap: the whole table fits the card at 1280 px, no sideways scrolling.
  const fits = await audit
    .locator("[data-slot='table-container']")
    .evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-audit-1280.png`, fullPage: true });
  await admin.context.close();
  await member.context.close();
});

// Review r31-c #1: the card showed "Changed a role" without from → to, a setting by its stored key
// ("rateLimits") without its values, and a shell restore as "Nobody signed in | Restored a backup | —".
test("the audit log says what changed: a role from → to, a setting by its title with its values, a shell restore's file", async () => {
  const { admin, member, page } = await adminBesideMember(browser, server);
  await page.goto(`${server.url}/admin`);
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  const send = (method: string, path: string, body: unknown) =>
    page.evaluate(
      async ([method, path, body]) =>
        (
          await fetch(path as string, {
            method: method as string,
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          })
        ).status,
      [method, path, body] as const,
    );
  expect(
    await send("PUT", `/api/admin/users/${member.userId}/role`, { role: "premium", tier: "professional" }),
  ).toBe(200);
  const limits = (await page.evaluate(async () => (await fetch("/api/admin/settings")).json())) as {
    settings: { rateLimits: Record<string, number> };
  };
  const before = limits.settings.rateLimits;
  expect(
    await send("PUT", "/api/admin/settings/rate-limits", { ...before, signInPerIp: before.signInPerIp! + 7 }),
  ).toBe(200);
  // As `bun run db:restore` writes it (its own test checks that it does).
  await serverSql(
    server,
    "INSERT INTO audit_log (id, actor_id, action, target_id, detail, created_at) VALUES (?, NULL, 'backup.restored', NULL, ?, ?)",
    [
      "r31-restore",
      JSON.stringify({
        file: "/srv/backups/gaming-intelligence-20261127T202321413Z.db",
        games: 39476,
        users: 4,
        sessionsEnded: 13,
        via: "shell",
      }),
      Date.now(),
    ],
  );

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("tab", { name: "Settings" }).click();
  const audit = page.getByTestId("audit-log");
  const only = async (option: string) => {
    await audit.getByRole("combobox", { name: "Show actions" }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
    const row = audit.getByTestId("audit-row").first();
    await expect.poll(() => audit.getByTestId("audit-row").count()).toBeGreaterThan(0);
    await expect.poll(async () => (await row.textContent())?.includes(option)).toBe(true);
    return row;
  };
  const role = await only("Changed a role");
  expect(await role.textContent()).toContain(`Rob Regular (${member.email})`);
  expect(await role.getByTestId("audit-details").textContent()).toBe(
    "Regular - Starter → Premium - Professional",
  );
  const setting = await only("Changed a setting");
  expect(await setting.textContent()).toContain("API Rate Limiting");
  expect(await setting.textContent()).not.toContain("rateLimits");
  expect(await setting.getByTestId("audit-details").textContent()).toBe(
    `Sign-in attempts from one address: ${before.signInPerIp} → ${before.signInPerIp! + 7}`,
  );
  const restore = await only("Restored a backup");
  const restoreText = await restore.textContent();
  expect(restoreText).toContain("An operator, from the server's shell");
  expect(restoreText).toContain("gaming-intelligence-20261127T202321413Z.db");
  expect(await restore.getByTestId("audit-details").textContent()).toBe(
    "from /srv/backups/gaming-intelligence-20261127T202321413Z.db; 39,476 games, 4 users; 13 sessions ended",
  );
  // At 375 px the table scrolls inside its card; the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-audit-details-375.png`, fullPage: true });
  await admin.context.close();
  await member.context.close();
});

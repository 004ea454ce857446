import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, SCREENSHOT_DIR, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visitor(
  path = "/",
  options: { javaScriptEnabled?: boolean; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

const dialog = (page: Page) => page.getByRole("dialog");

test("the landing page is rendered on the server with every section, claim and meta tag", async () => {
  const res = await fetch(`${server.url}/`);
  expect(res.status).toBe(200);
  const html = await res.text();
  for (const text of [
    "500+",
    "Game Studios",
    "10M+",
    "Data Points",
    "99.9%",
    "Uptime",
    "+24.5%",
    "2.4M",
    "$1.2M",
  ]) {
    expect(html).toContain(text);
  }
  for (const text of [
    "Live player tracking",
    "Revenue analytics",
    "Engagement heatmaps",
    "Trend prediction",
    "Competitor analysis",
    "Platform insights",
    "Success forecasting",
    "Optimal pricing",
    "Launch timing",
    "14-day free trial",
    "No credit card required",
    "Terms of Service",
    "Privacy Policy",
  ]) {
    expect(html).toContain(text);
  }
  for (const id of ["features", "pricing", "about", "contact"]) {
    expect(html).toContain(`href="#${id}"`);
    expect(html).toContain(`id="${id}"`);
  }
  expect(html).toMatch(/<meta property="og:title"/);
  expect(html).toMatch(/<meta name="description"/);
  // The page ships one script: the sign-in island.
  expect(html.match(/<script/g)).toHaveLength(1);
});

test("navigation anchors scroll to sections that exist", async () => {
  const page = await visitor();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#pricing");
  await expect
    .poll(() => page.locator("#pricing").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThan(120);
  await page.context().close();
});

test("the dialog opens in create mode and toggles to sign-in mode; it closes by button, Escape and overlay", async () => {
  const page = await visitor();
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
  expect(await page.getByLabel("Password").getAttribute("placeholder")).toBe("Create a password");
  expect(await page.getByLabel("Password").getAttribute("type")).toBe("password");
  expect(await page.getByLabel("Email").getAttribute("type")).toBe("email");
  await expect
    .poll(() => dialog(page).getByRole("button", { name: "Create Account" }).isVisible())
    .toBe(true);
  for (const provider of ["google", "discord", "github"]) {
    expect(await dialog(page).locator(`a[href="/api/login?provider=${provider}"]`).count()).toBe(1);
  }

  await dialog(page).getByRole("button", { name: "Sign in" }).click();
  expect(await page.getByLabel("Password").getAttribute("placeholder")).toBe("Enter your password");
  await expect
    .poll(() => dialog(page).getByRole("button", { name: "Sign In", exact: true }).isVisible())
    .toBe(true);

  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);

  await page.getByRole("link", { name: "Start Free Trial" }).first().click();
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog(page).count()).toBe(0);

  // A click on the overlay, outside the dialog, dismisses it too.
  await page.getByRole("link", { name: "Sign In", exact: true }).first().click();
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
  // The dialog starts listening for outside clicks a tick after it opens, and the browser may handle
  // a click before that tick: click again until it has been heard.
  await expect
    .poll(async () => {
      await page.mouse.click(8, 780);
      return dialog(page).count();
    })
    .toBe(0);
  await page.context().close();
});

test("creating an account through the dialog lands in the app, signed in", async () => {
  const page = await visitor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-desktop.png`, fullPage: false });
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await page.getByLabel("Email").fill("founder@studio.example");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect.poll(() => page.getByTestId("signin-error").textContent()).toContain("at least 8 characters");

  await page.getByLabel("Password").fill("a-long-enough-password");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  const status = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
  expect(status).toBe(200);
  await page.context().close();
});

test("signing in: a wrong password and a taken email are explained inside the dialog; the right password works", async () => {
  const page = await visitor();
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await page.getByLabel("Email").fill("founder@studio.example");
  await page.getByLabel("Password").fill("another-password-123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect.poll(() => page.getByTestId("signin-error").textContent()).toContain("already exists");

  await dialog(page).getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Password").fill("wrong-password-123");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect
    .poll(() => page.getByTestId("signin-error").textContent())
    .toContain("Incorrect email or password");

  await page.getByLabel("Password").fill("a-long-enough-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  await page.context().close();
});

test("/?signin=1 opens the dialog in sign-in mode; /?auth_error shows a toast", async () => {
  const page = await visitor("/?signin=1");
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
  expect(await page.getByLabel("Password").getAttribute("placeholder")).toBe("Enter your password");
  await page.context().close();

  const errored = await visitor("/?auth_error=github_not_configured");
  await expect
    .poll(() =>
      errored
        .getByText("GitHub sign-in is not configured on this server.", { exact: true })
        .first()
        .isVisible(),
    )
    .toBe(true);
  await errored.context().close();
});

test("without JavaScript every section still renders and the sign-in links fall back to a page", async () => {
  const page = await visitor("/", { javaScriptEnabled: false });
  for (const id of ["features", "pricing", "about", "contact"]) {
    await expect.poll(() => page.locator(`#${id}`).isVisible()).toBe(true);
  }
  expect(await page.getByRole("link", { name: "Get Started" }).first().getAttribute("href")).toBe(
    "/?signin=1",
  );
  await page.context().close();

  const mobile = await visitor("/", { width: 390 });
  await mobile.screenshot({ path: `${SCREENSHOT_DIR}/landing-mobile.png`, fullPage: false });
  const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  // The phone header keeps its buttons on one line and its section links reach their sections.
  const headerHeight = await mobile
    .locator("header nav[aria-label='Main']")
    .evaluate((el) => el.clientHeight);
  expect(headerHeight).toBeLessThanOrEqual(64);
  await mobile.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "About" }).click();
  await expect
    .poll(() => mobile.locator("#about").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThan(140);
  const aboutTop = await mobile.locator("#about").evaluate((el) => el.getBoundingClientRect().top);
  const headerBottom = await mobile.locator("header").evaluate((el) => el.getBoundingClientRect().bottom);
  expect(aboutTop).toBeGreaterThanOrEqual(headerBottom - 1);
  await mobile.context().close();
});

test("provider buttons say before the click when this server has no credentials for them", async () => {
  // This server (the file's) has none: every button is kept, marked, and one line says what to use.
  const page = await visitor();
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
  for (const provider of ["google", "discord", "github"]) {
    const button = dialog(page).locator(`a[href="/api/login?provider=${provider}"]`);
    expect(await button.textContent()).toContain("not set up");
    expect(await button.getAttribute("aria-describedby")).toBe("signin-providers-note");
  }
  expect(await dialog(page).getByTestId("signin-providers-note").textContent()).toBe(
    "Google, Discord and GitHub sign-in are not set up on this server — use your email.",
  );
  // The marked buttons fit the phone dialog without a horizontal scroll.
  await page.setViewportSize({ width: 390, height: 800 });
  expect(
    await page.evaluate(() => {
      const box = document.querySelector("#signin-dialog > div") as HTMLElement;
      return box.scrollWidth > box.clientWidth;
    }),
  ).toBe(false);
  await page.context().close();

  // A server with Google credentials: Google's button is plain, the line names only the others.
  const withGoogle = await startServer({
    env: { GOOGLE_CLIENT_ID: "id-for-test", GOOGLE_CLIENT_SECRET: "secret-for-test" },
  });
  try {
    const html = await (await fetch(`${withGoogle.url}/`)).text();
    expect(html).toContain("Discord and GitHub sign-in are not set up on this server — use your email.");
    expect(html).toMatch(/data-signin-provider="google" data-configured="true"/);
    expect(html).toMatch(/data-signin-provider="github" data-configured="false"/);
  } finally {
    await withGoogle.stop();
  }
});

test("Tab stays inside the open dialog: from Close it wraps to the first control, and back with Shift+Tab", async () => {
  const page = await visitor();
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect.poll(() => dialog(page).isVisible()).toBe(true);
  await dialog(page).getByRole("button", { name: "Close" }).focus();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-signin-provider"))).toBe(
    "google",
  );
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close");
  // Every stop of a full round stays in the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("#signin-dialog"))).toBe(true);
  }
  await page.context().close();
});

test("a refused sign-up or sign-in marks the fields it is about as invalid, described by the error", async () => {
  const page = await visitor();
  await page.getByRole("link", { name: "Get Started" }).first().click();
  const email = page.locator("#signin-email");
  const password = page.locator("#signin-password");
  const marks = async () => ({
    email: [await email.getAttribute("aria-invalid"), await email.getAttribute("aria-describedby")],
    password: [await password.getAttribute("aria-invalid"), await password.getAttribute("aria-describedby")],
  });
  await email.fill("kb@example.com");
  await password.fill("short");
  await password.press("Enter");
  await expect.poll(() => page.getByTestId("signin-error").textContent()).toContain("Password: Too short");
  // The password is the field in error, and the error is its description; the email is not.
  expect(await marks()).toEqual({ email: [null, null], password: ["true", "signin-error-text"] });
  expect(await page.locator("#signin-error-text").textContent()).toContain("Password: Too short");

  // Another mode starts clean.
  await dialog(page).getByRole("button", { name: "Sign in" }).click();
  expect(await marks()).toEqual({ email: [null, null], password: [null, null] });
  // A wrong email or password: both fields, for the server does not say which.
  await password.fill("wrong-password-123");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect
    .poll(() => page.getByTestId("signin-error").textContent())
    .toContain("Incorrect email or password");
  expect(await marks()).toEqual({
    email: ["true", "signin-error-text"],
    password: ["true", "signin-error-text"],
  });
  await page.context().close();
});

// Review r29/v #6: the Sign In button is disabled while the request is out, so a failed sign-in started
// from it (click or Space) left the focus on <body>. It goes to the first field in error; Enter in the
// password field keeps it there.
test("a failed sign-in started from the button puts the focus on the first field in error; from Enter it stays put", async () => {
  const page = await visitor();
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await dialog(page).getByRole("button", { name: "Sign in" }).click();
  const email = page.locator("#signin-email");
  const password = page.locator("#signin-password");
  const focusedId = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  await email.fill("nobody-here@studio.example");
  await password.fill("wrong-password-123");
  const submit = page.getByRole("button", { name: "Sign In", exact: true });

  await submit.click();
  await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
  await expect.poll(focusedId).toBe("signin-email");
  await page.waitForTimeout(300);
  expect(await focusedId()).toBe("signin-email");

  await submit.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await expect.poll(focusedId).toBe("signin-email");

  await password.press("Enter");
  await expect.poll(() => page.getByTestId("signin-error").isVisible()).toBe(true);
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await page.waitForTimeout(300);
  expect(await focusedId()).toBe("signin-password");
  await page.context().close();
});

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { openClient } from "../../src/server/db/client.ts";
import { removeTempDir, tempDir } from "../helpers/temp-dir.ts";

/**
 * End-to-end harness: the real server (`bun src/server/index.ts`) on a free port with its own
 * temporary database (in a folder removed when it stops, or after the test file if it never does), serving the built client (`bun run build` runs before the suite), and
 * Debian's Chromium driven by playwright-core.
 */
export interface TestServer {
  url: string;
  port: number;
  databaseFile: string;
  stop(): Promise<void>;
  /** Everything the server printed, for failure messages. */
  output(): string;
}

/**
 * `bun run import <kind> <path> [--as-of …]` into the server's database, as an operator runs it
 * beside a running server; throws with the importer's output when it fails.
 */
export function importDataset(server: Pick<TestServer, "databaseFile">, ...args: string[]): void {
  const r = spawnSync("bun", ["scripts/import.ts", ...args], {
    env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}`, LOG_LEVEL: "error" },
  });
  if (r.status !== 0) throw new Error(`import ${args.join(" ")} failed: ${String(r.stderr)}`);
}

export interface ServerOptions {
  env?: Record<string, string>;
  demoData?: boolean;
  /** Load the shipped Steam Store Games snapshot at start, as a first start does (a few seconds). */
  snapshot?: boolean;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  // Kept until the file's end even when started inside a test: servers are stopped in `afterAll`.
  const folder = tempDir("gi-e2e-", { until: "file" });
  const databaseFile = join(folder, "app.db");
  let output = "";
  const child: ChildProcess = spawn("bun", ["src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_URL: `file:${databaseFile}`,
      DEMO_DATA: options.demoData ? "on" : "off",
      SNAPSHOT_DATA: options.snapshot ? "on" : "off",
      // The live bootstrap would reach the internet: tests point syncs at the recorded server instead.
      LIVE_BOOTSTRAP: "off",
      // Scheduled syncs would reach the internet; tests run workflows by hand.
      WORKFLOW_SCHEDULER: "off",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"url":"http:\/\/localhost:(\d+)"/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    port,
    databaseFile,
    output: () => output,
    async stop() {
      child.removeAllListeners("exit");
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      removeTempDir(folder);
    },
  };
}

export const CHROMIUM_PATH = "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * A test file's server with datasets imported into its database (each entry the arguments of
 * `bun run import`, in order), and its browser.
 */
export async function serverWithData(
  imports: string[][] = [],
  options: ServerOptions = {},
): Promise<{ server: TestServer; browser: Browser }> {
  const server = await startServer(options);
  for (const args of imports) importDataset(server, ...args);
  return { server, browser: await launchBrowser() };
}

/** Closes the browser and stops the servers a test file started (any of them may be missing). */
export async function stopAll(browser: Browser | undefined, ...servers: Array<TestServer | undefined>) {
  await browser?.close();
  await Promise.all(servers.map((s) => s?.stop()));
}

export type Role = "regular" | "premium" | "admin";
const TIER: Record<Role, string> = { regular: "starter", premium: "professional", admin: "enterprise" };

/**
 * A user of the given role with a live session, written straight into the server's database, and a
 * browser context that carries the session cookie. For tests of signed-in screens; sign-up and
 * sign-in themselves are tested through the real dialog.
 */
export async function signedInContext(
  browser: Browser,
  server: TestServer,
  user: { role?: Role; email?: string; firstName?: string; lastName?: string } = {},
): Promise<{ context: BrowserContext; userId: string; email: string }> {
  const role = user.role ?? "regular";
  const userId = crypto.randomUUID();
  const email = user.email ?? `${role}-${userId.slice(0, 8)}@example.com`;
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  const token = encodeBase32LowerCaseNoPadding(bytes);
  const sessionId = encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    // The server may be writing (a first start's snapshot, derived figures): wait for it, don't fail.
    await db.execute("PRAGMA busy_timeout = 30000");
    await db.execute({
      sql: "INSERT INTO users (id, email, first_name, last_name, role, subscription_tier) VALUES (?, ?, ?, ?, ?, ?)",
      args: [userId, email, user.firstName ?? null, user.lastName ?? null, role, TIER[role]],
    });
    await db.execute({
      sql: "INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)",
      args: [sessionId, userId, Date.now() + 30 * 24 * 3600 * 1000],
    });
  } finally {
    db.close();
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([
    { name: "session", value: token, url: server.url, httpOnly: true, sameSite: "Lax" },
  ]);
  return { context, userId, email };
}

/**
 * Ada Admin and Rob Regular (a member), each signed in with a context of their own, and a page in
 * Ada's: the admin screens' usual cast.
 */
export async function adminBesideMember(browser: Browser, server: TestServer) {
  const admin = await signedInContext(browser, server, {
    role: "admin",
    firstName: "Ada",
    lastName: "Admin",
  });
  const member = await signedInContext(browser, server, { firstName: "Rob", lastName: "Regular" });
  const page = await admin.context.newPage();
  return { admin, member, page };
}

/** Where e2e screenshots go (ignored by git); look at them after a run. */
export const SCREENSHOT_DIR = join(process.cwd(), "tests/e2e/screenshots");

/** One SQL statement on a test server's database (its own connection, waiting out the server's writes). */
export async function serverSql(
  server: Pick<TestServer, "databaseFile">,
  statement: string,
  args: Array<string | number | null> = [],
) {
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    await db.execute("PRAGMA busy_timeout = 30000");
    return await db.execute({ sql: statement, args });
  } finally {
    db.close();
  }
}

let watchers = 0;

/**
 * Watches for `text` to be in the page, however briefly: a MutationObserver inside the page reports
 * it, in this document and every one loaded after, so a toast shown for 500 ms before a redirect is
 * not missed between a locator's polls on a busy machine. Await this before the action; the function
 * it gives resolves once the text has appeared (or fails after `timeout` ms).
 */
export async function watchForText(page: Page, text: string, timeout = 30_000): Promise<() => Promise<void>> {
  const name = `__seenText${++watchers}`;
  let seen!: () => void;
  const wasSeen = new Promise<void>((resolve) => {
    seen = resolve;
  });
  await page.exposeFunction(name, () => seen());
  const install = ([wanted, report]: [string, string]) => {
    const tell = () => (window as unknown as Record<string, (() => void) | undefined>)[report]?.();
    const check = () => {
      if (document.documentElement?.textContent?.includes(wanted)) tell();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    check();
  };
  await page.addInitScript(install, [text, name] as [string, string]);
  await page.evaluate(install, [text, name] as [string, string]).catch(() => undefined);
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`"${text}" never appeared within ${timeout} ms`)), timeout);
    });
    try {
      await Promise.race([wasSeen, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

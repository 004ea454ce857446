/**
 * How long the app's live indicator stays red when the server restarts (issue 8): a signed-in page
 * in headless Chromium shows "Live"; the server is stopped (SIGTERM, as a deploy does) and started
 * again on the same port and database; we time until the header says "Live" again, measured from
 * the stop, from the new process's spawn and from the moment it listens. Median and worst of
 * several restarts. Needs `bun run build` first. Run: `bun bench/reconnect.bench.ts [restarts]`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser, signedInContext, type TestServer } from "../tests/e2e/harness.ts";
import { printTable } from "./machine.ts";

const RESTARTS = Number(process.argv[2] ?? 5);

if (!existsSync("dist/client/.vite/manifest.json")) {
  console.error("Build the client first: bun run build");
  process.exit(1);
}

const databaseFile = join(tmpdir(), `gi-bench-reconnect-${crypto.randomUUID()}.db`);

/** Starts the server; resolves with the child and its port once it listens. */
function startServer(port: number): Promise<{ child: ChildProcess; port: number; listeningAt: number }> {
  const child = spawn("bun", ["src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${databaseFile}`,
      DEMO_DATA: "off",
      WORKFLOW_SCHEDULER: "off",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/"url":"http:\/\/localhost:(\d+)"/);
      if (m) resolve({ child, port: Number(m[1]), listeningAt: performance.now() });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

let server = await startServer(0);
const url = `http://localhost:${server.port}`;
const browser = await launchBrowser();
const rows: Array<Record<string, string>> = [];
const fromStop: number[] = [];
const fromSpawn: number[] = [];
const fromListen: number[] = [];
try {
  const { context } = await signedInContext(browser, { url, databaseFile } as TestServer);
  const page = await context.newPage();
  await page.goto(`${url}/settings`);
  const live = page.locator("header").getByText("Live", { exact: true });
  await live.waitFor({ timeout: 30_000 });
  for (let i = 0; i < RESTARTS; i++) {
    const stoppedAt = performance.now();
    await stopServer(server.child);
    await live.waitFor({ state: "detached", timeout: 30_000 });
    const spawnedAt = performance.now();
    server = await startServer(server.port);
    await live.waitFor({ timeout: 120_000 });
    const green = performance.now();
    fromStop.push(green - stoppedAt);
    fromSpawn.push(green - spawnedAt);
    fromListen.push(green - server.listeningAt);
    rows.push({
      restart: String(i + 1),
      "stop → Live s": ((green - stoppedAt) / 1000).toFixed(2),
      "spawn → Live s": ((green - spawnedAt) / 1000).toFixed(2),
      "listening → Live s": ((green - server.listeningAt) / 1000).toFixed(2),
    });
  }
  await context.close();
} finally {
  await browser.close();
  await stopServer(server.child).catch(() => {});
  for (const s of ["", "-wal", "-shm"]) rmSync(databaseFile + s, { force: true });
}

const stat = (values: number[], pick: "median" | "max") => {
  const sorted = [...values].sort((a, b) => a - b);
  const v = pick === "max" ? sorted.at(-1)! : sorted[Math.floor(sorted.length / 2)]!;
  return (v / 1000).toFixed(2);
};
rows.push({
  restart: "median",
  "stop → Live s": stat(fromStop, "median"),
  "spawn → Live s": stat(fromSpawn, "median"),
  "listening → Live s": stat(fromListen, "median"),
});
rows.push({
  restart: "worst",
  "stop → Live s": stat(fromStop, "max"),
  "spawn → Live s": stat(fromSpawn, "max"),
  "listening → Live s": stat(fromListen, "max"),
});
printTable(
  `Server restart to live indicator green again (headless Chromium, ${RESTARTS} restarts; the client retries every 3 s for 5 attempts, then backs off to 30 s)`,
  rows,
);

import { Database } from "bun:sqlite";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * `bun run db:restore` beside a running server: it must refuse and change nothing, since the server
 * would go on writing into the file the restore sets aside (acknowledged writes lost).
 */
const dir = tempDir("gi-restore-live-");
const live = join(dir, "live.db");
const backup = join(dir, "backup.db");
let child: ChildProcess | undefined;

afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
});

function startServer(): Promise<number> {
  let output = "";
  child = spawn("bun", ["src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_URL: `file:${live}`,
      DEMO_DATA: "off",
      SNAPSHOT_DATA: "off",
      LIVE_BOOTSTRAP: "off",
      WORKFLOW_SCHEDULER: "off",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child!.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"url":"http:\/\/localhost:(\d+)"/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child!.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child!.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function restore() {
  return spawnSync("bun", ["scripts/restore.ts", backup], {
    env: { ...process.env, DATABASE_URL: `file:${live}`, LOG_LEVEL: "error" },
    encoding: "utf8",
  });
}

async function signUp(port: number, email: string): Promise<number> {
  const res = await fetch(`http://localhost:${port}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "a-long-enough-password" }),
  });
  return res.status;
}

test("db:restore refuses while the server has the database open, changes nothing, and works once it stopped", async () => {
  const port = await startServer();
  expect(await signUp(port, "before@example.com")).toBe(201);
  // A backup of the database as it is now. (bun:sqlite: its close releases the file at once,
  // where the libSQL client's connections linger until collected and would count as a process.)
  const client = new Database(live);
  try {
    client.run("PRAGMA busy_timeout = 5000");
    client.run("VACUUM INTO ?", [backup]);
  } finally {
    client.close();
  }

  const refused = restore();
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toContain("is the server running?");
  expect(readdirSync(dir).filter((name) => name.includes("before-restore"))).toEqual([]);
  // The server's writes still land in the live file.
  expect(await signUp(port, "after@example.com")).toBe(201);

  child!.removeAllListeners("exit");
  const exited = new Promise((r) => child!.once("exit", r));
  child!.kill("SIGTERM");
  await exited;
  const check = new Database(live, { readonly: true });
  try {
    const rows = check.query("SELECT email FROM users ORDER BY email").all() as Array<{ email: string }>;
    expect(rows.map((r) => r.email)).toEqual(["after@example.com", "before@example.com"]);
  } finally {
    check.close();
  }

  // With the server stopped the same restore goes ahead.
  const done = restore();
  expect(done.status, done.stderr + done.stdout).toBe(0);
  expect(done.stdout).toContain("integrity check ok");
  expect(readdirSync(dir).some((name) => name.includes("before-restore"))).toBe(true);
  expect(existsSync(live)).toBe(true);
}, 120_000);

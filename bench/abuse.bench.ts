/**
 * Abuse (issue 8 §2): (1) heap growth of the server under 200,000 sign-in attempts with fresh emails
 * from one address, in-process through the app (the limiter is what grows; HTTP is not measured
 * here); (2) log bytes the real server writes while one WebSocket floods it with 10,000 malformed
 * messages. Run: `bun bench/abuse.bench.ts [attempts] [messages]`.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";

const ATTEMPTS = Number(process.argv[2] ?? 200_000);
const MESSAGES = Number(process.argv[3] ?? 10_000);
const dbFile = join(tmpdir(), `gi-bench-abuse-${crypto.randomUUID()}.db`);
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.LOG_LEVEL = "silent";
process.env.DEMO_DATA = "off";
process.env.WORKFLOW_SCHEDULER = "off";

const { runMigrations } = await import("../src/server/db/migrate.ts");
const { createApp } = await import("../src/server/app.ts");
const { closeDb } = await import("../src/server/db/client.ts");
await runMigrations();
const app = createApp();

const heapMiB = () => {
  Bun.gc(true);
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const attempt = (i: number) =>
  app.request("http://localhost/api/auth/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost",
      "X-Forwarded-For": "203.0.113.9",
    },
    body: JSON.stringify({ email: `fresh-${i}@flood.example`, password: "not-the-password" }),
  });
// Warm up the code paths (and the first, unblocked attempts) before the baseline.
for (let i = 0; i < 100; i++) await attempt(-i - 1);
const before = heapMiB();
const started = performance.now();
const statuses = new Map<number, number>();
for (let i = 0; i < ATTEMPTS; i++) {
  const res = await attempt(i);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
}
const seconds = (performance.now() - started) / 1000;
const after = heapMiB();
closeDb();
for (const s of ["", "-wal", "-shm"]) rmSync(dbFile + s, { force: true });
printTable("Heap under sign-in attempts with fresh emails from one address", [
  {
    attempts: ATTEMPTS,
    seconds: seconds.toFixed(1),
    "heap before (MiB)": before.toFixed(1),
    "heap after (MiB)": after.toFixed(1),
    "growth (MiB)": (after - before).toFixed(1),
    statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(" "),
  },
]);

const server = await startBenchServer();
try {
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: `ws-${Date.now()}@example.com`, password: "bench-password-123" }),
  });
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  const ws = new WebSocket(`${server.url.replace("http", "ws")}/ws`, {
    headers: { Origin: server.url, Cookie: cookie },
  } as never);
  await new Promise((resolve) => ws.addEventListener("message", resolve, { once: true }));
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  const logBefore = server.output().length;
  const floodStart = performance.now();
  let sent = 0;
  for (; sent < MESSAGES && ws.readyState === WebSocket.OPEN; sent++) {
    ws.send(`{not json ${sent}`);
    if (sent % 500 === 499) await new Promise((r) => setTimeout(r, 1));
  }
  // Let the server drain what was sent, then close if it has not.
  await new Promise((r) => setTimeout(r, 1500));
  if (ws.readyState === WebSocket.OPEN) ws.close(1000);
  const code = await closed;
  const bytes = Buffer.byteLength(server.output().slice(logBefore));
  printTable("Log written during a malformed-message flood from one socket", [
    {
      "messages sent": sent,
      ms: Math.round(performance.now() - floodStart),
      "log bytes": bytes,
      "close code": code,
    },
  ]);
} finally {
  await server.stop();
}

/**
 * One `channel_update` broadcast to 1,000 connected sockets: time until the last socket receives it
 * (p50, p99 over 20 broadcasts), and server memory (RSS) with 1,000 sockets open.
 * The server runs in this process (so the bench can publish without any public trigger endpoint);
 * the clients run in a child process. Run: `bun bench/ws-broadcast.bench.ts`.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, printTable } from "./machine.ts";
import { rssMiB } from "./server-process.ts";

const SOCKETS = 1000;
const BROADCASTS = 20;
const dbFile = join(tmpdir(), `gi-bench-ws-${crypto.randomUUID()}.db`);
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.LOG_LEVEL = "error";
process.env.DEMO_DATA = "off";

const { runMigrations } = await import("../src/server/db/migrate.ts");
const { createApp } = await import("../src/server/app.ts");
const { attachServer, publish, connectionStats } = await import("../src/server/realtime/hub.ts");
const { websocketHandler } = await import("../src/server/realtime/socket.ts");
const { createSession, generateSessionToken } = await import("../src/server/auth/session.ts");
const { db } = await import("../src/server/db/client.ts");
const { users } = await import("../src/server/db/schema/index.ts");

await runMigrations();
const app = createApp();
const server = Bun.serve({
  port: 0,
  fetch: (r, s) => app.fetch(r, { server: s }),
  websocket: websocketHandler,
});
attachServer(server);
const userId = crypto.randomUUID();
await db().insert(users).values({ id: userId, email: "bench-ws@example.com" });
const token = generateSessionToken();
await createSession(token, userId);

Bun.gc(true);
// The server is this process: its VmRSS from /proc/<pid>/status.
const rssBefore = rssMiB(process.pid);
const origin = `http://localhost:${server.port}`;
const child = spawn(
  "bun",
  ["bench/ws-clients.ts", `ws://localhost:${server.port}/ws`, `session=${token}`, origin, String(SOCKETS)],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const lines: string[] = [];
let buffer = "";
const waiters: Array<() => void> = [];
child.stdout.on("data", (chunk: Buffer) => {
  buffer += chunk.toString();
  const parts = buffer.split("\n");
  buffer = parts.pop() ?? "";
  lines.push(...parts);
  for (const w of waiters.splice(0)) w();
});
async function waitFor(prefix: string): Promise<string> {
  for (;;) {
    const i = lines.findIndex((l) => l.startsWith(prefix));
    if (i >= 0) return lines.splice(i, 1)[0]!;
    await new Promise<void>((r) => waiters.push(r));
  }
}

await waitFor("READY");
Bun.gc(true);
const rssOpen = rssMiB(process.pid);
const latencies: number[] = [];
for (let seq = 0; seq < BROADCASTS; seq++) {
  const sentAt = performance.timeOrigin + performance.now();
  publish("trending_games", {
    seq,
    sentAt,
    games: Array.from({ length: 6 }, (_, i) => ({
      id: `g${i}`,
      gameName: `Game ${i}`,
      playerCount: 1000 * i,
      platform: "Steam",
    })),
  });
  const line = await waitFor(`DONE ${seq} `);
  latencies.push(Number(line.split(" ")[2]));
  await new Promise((r) => setTimeout(r, 50));
}
latencies.sort((a, b) => a - b);
printTable(`Broadcast to ${SOCKETS} sockets (${BROADCASTS} broadcasts; time until the last socket has it)`, [
  {
    sockets: connectionStats().connections,
    "p50 ms": percentile(latencies, 50).toFixed(2),
    "p99 ms": percentile(latencies, 99).toFixed(2),
    "server RSS before MiB": rssBefore.toFixed(1),
    "server RSS with sockets MiB": rssOpen.toFixed(1),
  },
]);
child.kill();
await server.stop(true);
for (const s of ["", "-wal", "-shm"]) rmSync(dbFile + s, { force: true });
process.exit(0);

/**
 * One `channel_update` to 10,000 subscribed sockets (issue 13): the time until the last socket has it
 * (p50, p99 over the broadcasts), with the clients spread over 4 processes — the app's server (Bun,
 * the hub's native publish, sessions checked on upgrade) beside a Node server on the `ws` library
 * doing the same broadcast (bench/ws-node-server.mjs), in the same harness. Also the servers' memory
 * (RSS) with the sockets open.
 *
 * The Bun server runs in this process, so the bench can publish without any public trigger endpoint.
 * Needs about 2 file descriptors per socket: `ulimit -n 65536` first if the limit is lower.
 * Run: `bun bench/ws-broadcast.bench.ts [sockets]` (default 10000).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, printTable } from "./machine.ts";
import { rssMiB } from "./server-process.ts";

const SOCKETS = Number(process.argv[2] ?? 10_000);
const PROCESSES = 4;
const BROADCASTS = 40;

const limit = Number(spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).stdout.trim());
if (Number.isFinite(limit) && limit < SOCKETS + 1000) {
  console.error(
    `ulimit -n is ${limit}; ${SOCKETS} sockets need more: run \`ulimit -n 65536\` in this shell first.`,
  );
  process.exit(1);
}
if (spawnSync("node", ["--version"]).error) {
  console.error("The Node baseline needs Node.js (node) on the PATH.");
  process.exit(1);
}

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

/** Lines from child processes, waited for by prefix. */
class Lines {
  private lines: string[] = [];
  private waiters: Array<() => void> = [];
  constructor(children: ChildProcess[]) {
    for (const child of children) {
      let buffer = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const parts = buffer.split("\n");
        buffer = parts.pop() ?? "";
        this.lines.push(...parts);
        for (const w of this.waiters.splice(0)) w();
      });
    }
  }
  async take(prefix: string): Promise<string> {
    for (;;) {
      const i = this.lines.findIndex((l) => l.startsWith(prefix));
      if (i >= 0) return this.lines.splice(i, 1)[0]!;
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }
}

function startClients(url: string, cookie: string, origin: string) {
  const children = Array.from({ length: PROCESSES }, (_, i) =>
    spawn(
      "bun",
      [
        "bench/ws-clients.ts",
        url,
        cookie,
        origin,
        String(Math.floor(SOCKETS / PROCESSES) + (i < SOCKETS % PROCESSES ? 1 : 0)),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    ),
  );
  return { children, lines: new Lines(children) };
}

/**
 * Broadcasts `BROADCASTS` times; for each, the latest arrival over every client process, and how long
 * the server's own sending took (what `broadcast` returns or reports).
 */
async function measure(
  lines: Lines,
  broadcast: (seq: number) => Promise<number>,
): Promise<{ latencies: number[]; sending: number[] }> {
  const latencies: number[] = [];
  const sending: number[] = [];
  for (let seq = 0; seq < BROADCASTS; seq++) {
    sending.push(await broadcast(seq));
    let last = 0;
    for (let p = 0; p < PROCESSES; p++)
      last = Math.max(last, Number((await lines.take(`DONE ${seq} `)).split(" ")[2]));
    latencies.push(last);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { latencies: latencies.sort((a, b) => a - b), sending: sending.sort((a, b) => a - b) };
}

const payload = (seq: number) => ({
  seq,
  sentAt: performance.timeOrigin + performance.now(),
  games: Array.from({ length: 6 }, (_, i) => ({
    id: `g${i}`,
    gameName: `Game ${i}`,
    playerCount: 1000 * i,
    platform: "Steam",
  })),
});

// --- the app's server (Bun) ---
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
const bunRssBefore = rssMiB(process.pid);
const origin = `http://localhost:${server.port}`;
const bunClients = startClients(`ws://localhost:${server.port}/ws`, `session=${token}`, origin);
for (let p = 0; p < PROCESSES; p++) await bunClients.lines.take("READY");
Bun.gc(true);
const bunRssOpen = rssMiB(process.pid);
const bunSockets = connectionStats().connections;
const bun = await measure(bunClients.lines, async (seq) => {
  const started = performance.now();
  publish("trending_games", payload(seq));
  return performance.now() - started;
});
for (const c of bunClients.children) c.kill();
await server.stop(true);

// --- the Node baseline ---
const node = spawn("node", ["bench/ws-node-server.mjs"], { stdio: ["pipe", "pipe", "inherit"] });
const nodeLines = new Lines([node]);
const nodePort = Number((await nodeLines.take("PORT ")).split(" ")[1]);
const nodeRssBefore = rssMiB(node.pid!);
const nodeClients = startClients(`ws://localhost:${nodePort}`, "", `http://localhost:${nodePort}`);
for (let p = 0; p < PROCESSES; p++) await nodeClients.lines.take("READY");
const nodeRssOpen = rssMiB(node.pid!);
const nodeResult = await measure(nodeClients.lines, async (seq) => {
  node.stdin!.write(`PUBLISH ${seq}\n`);
  return Number((await nodeLines.take(`SENT ${seq} `)).split(" ")[2]);
});
for (const c of nodeClients.children) c.kill();
node.kill();

const row = (
  serverName: string,
  sockets: number,
  result: { latencies: number[]; sending: number[] },
  before: number,
  open: number,
) => ({
  server: serverName,
  sockets,
  "client processes": PROCESSES,
  broadcasts: result.latencies.length,
  "last arrival p50 ms": percentile(result.latencies, 50).toFixed(2),
  "last arrival p99 ms": percentile(result.latencies, 99).toFixed(2),
  "server sending p50 ms": percentile(result.sending, 50).toFixed(2),
  "RSS before MiB": before.toFixed(1),
  "RSS with sockets MiB": open.toFixed(1),
});
printTable(
  `One update to ${SOCKETS.toLocaleString("en")} subscribed sockets: time until the last socket has it`,
  [
    row("app (Bun, hub publish)", bunSockets, bun, bunRssBefore, bunRssOpen),
    row("Node ws (baseline)", SOCKETS, nodeResult, nodeRssBefore, nodeRssOpen),
  ],
);
for (const s of ["", "-wal", "-shm"]) rmSync(dbFile + s, { force: true });
process.exit(0);

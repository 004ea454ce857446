/**
 * One `channel_update` to 10,000 subscribed sockets (issue 13): the time from the server starting a
 * broadcast until the LAST socket has it (p50, p99 over the broadcasts), with the clients spread over
 * 4 processes. Three servers, each with its own 10,000 sockets, measured by the same client code
 * (bench/ws-observer.c, compiled at start, or where there is no C compiler bench/ws-clients.ts: raw
 * TCP with a minimal frame reader — see there why):
 * - the app's server (Bun + Hono, sessions checked on upgrade, the hub's `publish`: one serialised
 *   message published to a topic, no compression, nothing per socket in JS);
 * - a Node server on the `ws` library doing the same broadcast (bench/ws-node-server.mjs), the
 *   baseline the issue compares with;
 * - the floor: a bare `Bun.serve` that does nothing but the broadcast (bench/ws-bun-floor-server.ts),
 *   so what remains of the app's figure beside it is the machine, the kernel and the clients.
 *
 * What is measured: the server notes the time just before serialising and sending; each client
 * process notes the arrival of every frame as it reads it (before parsing anything) and reports the
 * first and the last arrival once all its sockets have the broadcast. Clocks are
 * `performance.timeOrigin + performance.now()`, which agree across processes on one machine to about
 * 0.1 ms. The first 5 broadcasts are warm-up and not counted. Broadcasts run one at a time (the next
 * starts after every socket has the previous one, and a pause), interleaved across the three servers
 * in a rotating order so that whatever else the machine does falls on all of them alike.
 *
 * Beside the latency, where the time goes: the CPU time (user and kernel, from /proc) the server and
 * its 4 client processes used per broadcast, and the server's memory (RSS) with the sockets open. On
 * loopback the kernel's work for both ends of every TCP send is charged to the machine's cores, so
 * server CPU + clients CPU divided by the number of cores is a floor under the last arrival.
 *
 * The app's server runs in a process of its own (bench/ws-app-server.ts), as the other two do, and
 * publishes through the hub on a line from the bench, so no public trigger endpoint is needed and
 * none of the bench's own work is counted as the app's. Needs about 1 file descriptor per socket in each process (`ulimit -n`).
 * Run: `bun bench/ws-broadcast.bench.ts [sockets]` (default 10000).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, printTable } from "./machine.ts";
import { rssMiB } from "./server-process.ts";

const SOCKETS = Number(process.argv[2] ?? 10_000);
const PROCESSES = 4;
const WARMUP = 5;
const BROADCASTS = 100;
const PAUSE_MS = 100;

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

const loadAtStart = loadavg()[0]!;

/** CPU time a process has used so far, in ms: in its own code (user) and in the kernel (system). */
function cpuMs(pid: number): Cpu {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}
interface Cpu {
  user: number;
  system: number;
}
const cpuDiff = (a: Cpu, b: Cpu, n: number): Cpu => ({
  user: (a.user - b.user) / n,
  system: (a.system - b.system) / n,
});
const cpuText = (c: Cpu) =>
  `${(c.user + c.system).toFixed(1)} (user ${c.user.toFixed(1)}, system ${c.system.toFixed(1)})`;

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

/**
 * The observer in C (bench/ws-observer.c), compiled here, where a C compiler is present; otherwise the
 * same observer in TypeScript (bench/ws-clients.ts), which costs the machine more per message.
 */
const observerBinary = join(tmpdir(), `gi-ws-observer-${process.pid}`);
const compiled = spawnSync("cc", ["-O2", "-o", observerBinary, "bench/ws-observer.c"], { encoding: "utf8" });
const observer =
  compiled.status === 0 ? "C (bench/ws-observer.c)" : "TypeScript (bench/ws-clients.ts; no C compiler)";

async function startClients(url: string, cookie: string, origin: string) {
  const children = Array.from({ length: PROCESSES }, (_, i) => {
    const n = String(Math.floor(SOCKETS / PROCESSES) + (i < SOCKETS % PROCESSES ? 1 : 0));
    const target = new URL(url);
    return compiled.status === 0
      ? spawn(observerBinary, [target.hostname, target.port, target.pathname, cookie, origin, n], {
          stdio: ["ignore", "pipe", "inherit"],
        })
      : spawn("bun", ["bench/ws-clients.ts", url, cookie, origin, n], {
          stdio: ["ignore", "pipe", "inherit"],
        });
  });
  const lines = new Lines(children);
  let confirmed = 0;
  for (let p = 0; p < PROCESSES; p++) confirmed += Number((await lines.take("READY ")).split(" ")[1]);
  return { children, lines, confirmed };
}

/** One server under test, its sockets open and its clients ready. */
interface Target {
  name: string;
  pid: number;
  clients: { children: ChildProcess[]; lines: Lines; confirmed: number };
  /** Starts broadcast `seq`; resolves with when the server started it. */
  broadcast: (seq: number) => Promise<number>;
  rssBefore: number;
  rssOpen: number;
  last: number[];
  first: number[];
  serverCpu: Cpu;
  clientsCpu: Cpu;
}

const ZERO: Cpu = { user: 0, system: 0 };
const add = (a: Cpu, b: Cpu): Cpu => ({ user: a.user + b.user, system: a.system + b.system });
const clientsCpu = (t: Target) => t.clients.children.reduce((sum, c) => add(sum, cpuMs(c.pid!)), ZERO);

/**
 * One broadcast on one server: the first and the last arrival over its client processes, relative to
 * when the server started it, and the CPU its server and clients used until the last arrival.
 */
async function broadcastOnce(t: Target, seq: number, counted: boolean): Promise<void> {
  const serverBefore = cpuMs(t.pid);
  const clientsBefore = clientsCpu(t);
  const startedAt = await t.broadcast(seq);
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (let p = 0; p < PROCESSES; p++) {
    const [, , firstAt, lastAt] = (await t.clients.lines.take(`DONE ${seq} `)).split(" ");
    first = Math.min(first, Number(firstAt));
    last = Math.max(last, Number(lastAt));
  }
  if (!counted) return;
  t.first.push(first - startedAt);
  t.last.push(last - startedAt);
  t.serverCpu = add(t.serverCpu, cpuDiff(cpuMs(t.pid), serverBefore, 1));
  t.clientsCpu = add(t.clientsCpu, cpuDiff(clientsCpu(t), clientsBefore, 1));
}

/**
 * A server in its own process speaking the PORT / PUBLISH / SENT protocol on its stdio (`PORT <n>`,
 * or `PORT <n> <path> <cookie>` for a server whose sockets sign in).
 */
async function childServer(name: string, command: string, args: string[]): Promise<Target> {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const lines = new Lines([child]);
  const [, port, path = "/", cookie = ""] = (await lines.take("PORT ")).split(" ");
  const rssBefore = rssMiB(child.pid!);
  const clients = await startClients(`ws://localhost:${port}${path}`, cookie, `http://localhost:${port}`);
  return {
    name,
    pid: child.pid!,
    clients,
    broadcast: async (seq) => {
      child.stdin!.write(`PUBLISH ${seq}\n`);
      return Number((await lines.take(`SENT ${seq} `)).split(" ")[2]);
    },
    rssBefore,
    rssOpen: rssMiB(child.pid!),
    last: [],
    first: [],
    serverCpu: ZERO,
    clientsCpu: ZERO,
  };
}

const targets = [
  await childServer("app (Bun, hub publish)", "bun", ["bench/ws-app-server.ts", dbFile, String(SOCKETS)]),
  await childServer("Node ws (baseline)", "node", ["bench/ws-node-server.mjs"]),
  await childServer("floor: bare Bun.serve, publish only", "bun", ["bench/ws-bun-floor-server.ts"]),
];

// Interleaved: each round broadcasts once on every server, in a rotating order, so that whatever
// else the machine is doing falls on all of them alike rather than on whichever ran during it.
for (let seq = 0; seq < WARMUP + BROADCASTS; seq++) {
  for (let k = 0; k < targets.length; k++) {
    await broadcastOnce(targets[(seq + k) % targets.length]!, seq, seq >= WARMUP);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
}
for (const t of targets) for (const c of t.clients.children) c.kill();

const row = (t: Target) => {
  const last = t.last.toSorted((a, b) => a - b);
  const first = t.first.toSorted((a, b) => a - b);
  return {
    server: t.name,
    sockets: t.clients.confirmed,
    broadcasts: last.length,
    "last arrival p50 ms": percentile(last, 50).toFixed(1),
    "last arrival p99 ms": percentile(last, 99).toFixed(1),
    "first arrival p50 ms": percentile(first, 50).toFixed(1),
    "server CPU ms/broadcast": cpuText(cpuDiff(t.serverCpu, ZERO, last.length)),
    "clients CPU ms/broadcast": cpuText(cpuDiff(t.clientsCpu, ZERO, last.length)),
    "RSS before MiB": t.rssBefore.toFixed(1),
    "RSS with sockets MiB": t.rssOpen.toFixed(1),
  };
};
printTable(
  `One update to ${SOCKETS.toLocaleString("en")} subscribed sockets (${PROCESSES} client processes, ` +
    `raw-TCP observers in ${observer}): ms from the server starting the broadcast until the last socket has it ` +
    `(${WARMUP} warm-up broadcasts not counted; servers interleaved; load average ` +
    `${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end)`,
  targets.map(row),
);
for (const t of targets) process.kill(t.pid);
for (const s of ["", "-wal", "-shm"]) rmSync(dbFile + s, { force: true });
rmSync(observerBinary, { force: true });
process.exit(0);

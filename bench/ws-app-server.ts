/**
 * The app's server for bench/ws-broadcast.bench.ts, in a process of its own as the Node baseline and
 * the floor are: the app (Hono, sessions checked on upgrade, the hub) on `Bun.serve` with the socket
 * handler `index.ts` uses, on a fresh database with one signed-in user. Prints
 * `PORT <n> <path> <cookie>`; each `PUBLISH <seq>` line on stdin is one broadcast through the hub's
 * `publish` (the code the trending job calls), answered with `SENT <seq> <started at>`. Nothing of the
 * bench (its pipes, its timing, its bookkeeping) runs in this process, so its CPU is the app's alone.
 * Arguments: the database file, and how many sockets the one user may open.
 */
import { createInterface } from "node:readline";

const [dbFile, sockets] = process.argv.slice(2);
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.LOG_LEVEL = "error";
process.env.DEMO_DATA = "off";
// Every socket of the bench signs in as one user: lift the per-user cap above them.
process.env.WS_MAX_SOCKETS_PER_USER = String(Number(sockets) + 100);

const { runMigrations } = await import("../src/server/db/migrate.ts");
const { createApp } = await import("../src/server/app.ts");
const { attachServer, publish } = await import("../src/server/realtime/hub.ts");
const { websocketHandler } = await import("../src/server/realtime/socket.ts");
const { createSession, generateSessionToken } = await import("../src/server/auth/session.ts");
const { db } = await import("../src/server/db/client.ts");
const { users } = await import("../src/server/db/schema/index.ts");
const { broadcastPayload } = await import("./ws-payload.ts");

const now = () => performance.timeOrigin + performance.now();

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
console.log(`PORT ${server.port} /ws session=${token}`);

createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, seq] = line.split(" ");
  if (command !== "PUBLISH") return;
  const data = broadcastPayload(Number(seq));
  const started = now();
  publish("trending_games", data);
  console.log(`SENT ${seq} ${started.toFixed(3)}`);
});

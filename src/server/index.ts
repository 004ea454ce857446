import { createApp } from "./app.ts";
import { closeDb } from "./db/client.ts";
import { runMigrations } from "./db/migrate.ts";
import { env } from "./env.ts";
import { log } from "./log.ts";

/** The only file that opens a port: migrations, then HTTP + WebSocket on Bun, graceful shutdown. */
const started = performance.now();
const config = env();
await runMigrations();
const app = createApp();

const server = Bun.serve({
  port: config.PORT,
  fetch: (request, srv) => app.fetch(request, { server: srv }),
});

log.info("server started", {
  url: `http://localhost:${server.port}`,
  startupMs: Math.round(performance.now() - started),
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  await server.stop();
  closeDb();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

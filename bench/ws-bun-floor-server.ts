/**
 * The floor for bench/ws-broadcast.bench.ts: a bare `Bun.serve` that does nothing but the broadcast —
 * no routing, no sessions, no hub — so the bench can show how much of the last arrival is the
 * machine, the kernel and the measuring clients rather than the app. Same protocol as
 * bench/ws-node-server.mjs: prints `PORT <n>`; each `PUBLISH <seq>` line on stdin is one broadcast,
 * answered with `SENT <seq> <started at>`.
 */
import { createInterface } from "node:readline";
import { broadcastPayload } from "./ws-payload.ts";

const now = () => performance.timeOrigin + performance.now();
const TOPIC = "channel:trending_games";

const server = Bun.serve({
  port: 0,
  fetch(request, srv) {
    if (srv.upgrade(request, { data: undefined })) return undefined;
    return new Response("WebSocket only", { status: 426 });
  },
  websocket: {
    perMessageDeflate: false,
    message(ws, raw) {
      const message = JSON.parse(String(raw));
      if (message.type === "subscribe") {
        ws.subscribe(TOPIC);
        ws.send(JSON.stringify({ type: "subscription_confirmed", channels: message.channels }));
      }
    },
  },
});
console.log(`PORT ${server.port}`);

createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, seq] = line.split(" ");
  if (command !== "PUBLISH") return;
  const data = broadcastPayload(Number(seq));
  const started = now();
  server.publish(
    TOPIC,
    JSON.stringify({
      type: "channel_update",
      channel: "trending_games",
      data,
      timestamp: new Date().toISOString(),
    }),
  );
  console.log(`SENT ${seq} ${started.toFixed(3)}`);
});

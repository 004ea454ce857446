/**
 * The Node baseline for bench/ws-broadcast.bench.ts: the `ws` library's WebSocket server, doing what
 * the hub does for a broadcast — answer `subscribe` with `subscription_confirmed`, and send one
 * serialised `channel_update` to every subscribed socket. Run by the bench under Node (`node`), not
 * Bun. It prints `PORT <n>` once listening; each `PUBLISH <seq>` line on stdin is one broadcast,
 * answered with `SENT <seq> <started at>` (in `performance.timeOrigin + performance.now()`, the
 * clients' clock).
 */
import { createInterface } from "node:readline";
import { WebSocketServer } from "ws";

const now = () => performance.timeOrigin + performance.now();
// Compression off, as in the app: these frames are a few hundred bytes of JSON.
const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
const subscribed = new Set();

wss.on("connection", (socket) => {
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw));
    if (message.type === "subscribe") {
      subscribed.add(socket);
      socket.send(JSON.stringify({ type: "subscription_confirmed", channels: message.channels }));
    }
  });
  socket.on("close", () => subscribed.delete(socket));
});

wss.on("listening", () => console.log(`PORT ${wss.address().port}`));

createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, seq] = line.split(" ");
  if (command !== "PUBLISH") return;
  const data = {
    seq: Number(seq),
    games: Array.from({ length: 6 }, (_, i) => ({
      id: `g${i}`,
      gameName: `Game ${i}`,
      playerCount: 1000 * i,
      platform: "Steam",
    })),
  };
  const started = now();
  // Serialised once, like the hub: the same string goes to every socket.
  const text = JSON.stringify({
    type: "channel_update",
    channel: "trending_games",
    data,
    timestamp: new Date().toISOString(),
  });
  for (const socket of subscribed) socket.send(text);
  console.log(`SENT ${seq} ${started.toFixed(3)}`);
});

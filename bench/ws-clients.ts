/**
 * Client side of the broadcast bench, in its own process so it does not share the server's event
 * loop or memory: opens N sockets, subscribes each to `trending_games`, and for every broadcast
 * prints how long after `sentAt` the last socket received it.
 * Args: <ws url> <cookie> <origin> <count>
 */
const [url, cookie, origin, countArg] = process.argv.slice(2);
const count = Number(countArg);
const now = () => performance.timeOrigin + performance.now();

const received = new Map<number, number[]>();
let open = 0;
for (let i = 0; i < count; i++) {
  const ws = new WebSocket(url!, { headers: { Cookie: cookie!, Origin: origin! } } as unknown as string[]);
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "subscribe", channels: ["trending_games"] }));
  });
  ws.addEventListener("message", (e) => {
    const msg = JSON.parse(String(e.data));
    if (msg.type === "subscription_confirmed") {
      open++;
      if (open === count) console.log("READY");
    } else if (msg.type === "channel_update") {
      const { seq, sentAt } = msg.data as { seq: number; sentAt: number };
      const list = received.get(seq) ?? [];
      list.push(now() - sentAt);
      received.set(seq, list);
      if (list.length === count) console.log(`DONE ${seq} ${Math.max(...list).toFixed(3)}`);
    }
  });
}

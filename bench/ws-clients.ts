/**
 * Client side of the broadcast bench, in its own process so it does not share the server's event
 * loop or memory: opens N sockets (a few hundred at a time, as browsers arriving would), subscribes
 * each to `trending_games`, and for every broadcast prints how long after `sentAt` its last socket
 * received it. The bench runs several of these and takes the latest of them.
 * Args: <ws url> <cookie> <origin> <count>
 */
const [url, cookie, origin, countArg] = process.argv.slice(2);
const count = Number(countArg);
const BATCH = 250;
const BENCH_FIELDS = /"seq":(\d+),"sentAt":([\d.]+)/;
const now = () => performance.timeOrigin + performance.now();

const received = new Map<number, { n: number; last: number }>();
let confirmed = 0;
const sockets: WebSocket[] = [];

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url!, { headers: { Cookie: cookie!, Origin: origin! } } as unknown as string[]);
    sockets.push(ws);
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "subscribe", channels: ["trending_games"] }));
    });
    ws.addEventListener("error", () => reject(new Error("socket error")));
    ws.addEventListener("message", (e) => {
      const at = now();
      const text = String(e.data);
      // The bench's own fields are read without parsing the whole message: 2,500 sockets share this
      // process, and the harness should cost as little as it can beside what it measures.
      const stamp = BENCH_FIELDS.exec(text);
      if (stamp) {
        const seq = Number(stamp[1]);
        const sentAt = Number(stamp[2]);
        const entry = received.get(seq) ?? { n: 0, last: 0 };
        entry.n++;
        entry.last = Math.max(entry.last, at - sentAt);
        received.set(seq, entry);
        if (entry.n === count) console.log(`DONE ${seq} ${entry.last.toFixed(3)}`);
      } else if (JSON.parse(text).type === "subscription_confirmed") {
        confirmed++;
        resolve();
      }
    });
  });
}

for (let i = 0; i < count; i += BATCH) {
  await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, open));
}
console.log(`READY ${confirmed}`);

/**
 * Client side of the broadcast bench (bench/ws-broadcast.bench.ts), in its own process so it shares
 * neither the server's event loop nor its memory. The same code measures every server in the bench.
 *
 * It is meant to be a light observer: with 2,500 sockets in one process, what the client does per
 * message is a large part of what gets measured. So it speaks WebSocket over plain TCP (Bun.connect)
 * with a minimal frame reader instead of a full WebSocket client: no MessageEvent, no text decoding,
 * no JSON. For each frame it takes the time first, then reads only the broadcast's sequence number
 * from the bytes. Time is `performance.timeOrigin + performance.now()`, which agrees across
 * processes on one machine to about 0.1 ms; the server reports when it started sending in the same
 * clock, so no message needs to carry a time.
 *
 * Opens N sockets (250 at a time, as browsers arriving would), subscribes each to `trending_games`,
 * prints `READY <confirmed>`, then for every broadcast `DONE <seq> <first arrival> <last arrival>`
 * once all of its sockets have it. Answers pings so the server's idle timeout never closes a socket.
 * Args: <ws url> <cookie> <origin> <count>
 */
import type { Socket } from "bun";

const [url, cookie, origin, countArg] = process.argv.slice(2);
const count = Number(countArg);
const BATCH = 250;
const now = () => performance.timeOrigin + performance.now();
const target = new URL(url!);

const encoder = new TextEncoder();
/** Every broadcast begins with these bytes (the hub and the Node baseline serialise in this order). */
const UPDATE_PREFIX = encoder.encode('{"type":"channel_update","channel":"trending_games","data":{"seq":');
const CONFIRMED_PREFIX = encoder.encode('{"type":"subscription_confirmed"');
const HEADER_END = encoder.encode("\r\n\r\n");

/** A client frame (always masked, RFC 6455 §5.3); the zero mask keeps the payload as it is. */
function clientFrame(opcode: number, payload: Uint8Array): Uint8Array {
  if (payload.length > 125) throw new Error("control and subscribe frames are short");
  const frame = new Uint8Array(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  frame.set(payload, 6);
  return frame;
}
const SUBSCRIBE = clientFrame(
  0x1,
  encoder.encode(JSON.stringify({ type: "subscribe", channels: ["trending_games"] })),
);

const startsWith = (bytes: Uint8Array, at: number, prefix: Uint8Array) => {
  if (bytes.length - at < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
};

function indexOf(bytes: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Per broadcast: how many sockets have it, when the first and the last got it. */
const received = new Map<number, { n: number; first: number; last: number }>();
let confirmed = 0;

function arrived(seq: number, at: number): void {
  let entry = received.get(seq);
  if (!entry) {
    entry = { n: 0, first: at, last: at };
    received.set(seq, entry);
  }
  entry.n++;
  entry.last = at;
  if (entry.n === count) {
    console.log(`DONE ${seq} ${entry.first.toFixed(3)} ${entry.last.toFixed(3)}`);
    received.delete(seq);
  }
}

interface State {
  upgraded: boolean;
  /** Bytes of an incomplete frame (or handshake) carried over to the next read; usually null. */
  pending: Uint8Array | null;
  onConfirmed: () => void;
  onError: (error: Error) => void;
}

/** Reads every complete frame in `bytes`; returns the unread tail, if any. */
function readFrames(socket: Socket<State>, bytes: Uint8Array, at: number): Uint8Array | null {
  let offset = 0;
  while (bytes.length - offset >= 2) {
    const opcode = bytes[offset]! & 0x0f;
    let length = bytes[offset + 1]! & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (bytes.length - offset < 4) break;
      length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
      start = offset + 4;
    } else if (length === 127) {
      if (bytes.length - offset < 10) break;
      length = Number(new DataView(bytes.buffer, bytes.byteOffset + offset + 2, 8).getBigUint64(0));
      start = offset + 10;
    }
    if (bytes.length < start + length) break;
    if (opcode === 0x1) {
      if (startsWith(bytes, start, UPDATE_PREFIX)) {
        let seq = 0;
        for (let i = start + UPDATE_PREFIX.length; ; i++) {
          const digit = bytes[i]! - 48;
          if (digit < 0 || digit > 9) break;
          seq = seq * 10 + digit;
        }
        arrived(seq, at);
      } else if (startsWith(bytes, start, CONFIRMED_PREFIX)) {
        socket.data.onConfirmed();
      }
    } else if (opcode === 0x9) {
      socket.write(clientFrame(0xa, bytes.slice(start, start + length)));
    }
    offset = start + length;
  }
  return offset < bytes.length ? bytes.subarray(offset) : null;
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const state: State = {
      upgraded: false,
      pending: null,
      onConfirmed: () => {
        confirmed++;
        resolve();
      },
      onError: reject,
    };
    Bun.connect<State>({
      hostname: target.hostname,
      port: Number(target.port),
      data: state,
      socket: {
        open(socket) {
          const key = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
          socket.write(
            `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\n` +
              `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n` +
              `Origin: ${origin}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`,
          );
        },
        data(socket, chunk) {
          const at = now();
          let bytes: Uint8Array = chunk;
          if (socket.data.pending) {
            const joined = new Uint8Array(socket.data.pending.length + chunk.length);
            joined.set(socket.data.pending);
            joined.set(chunk, socket.data.pending.length);
            bytes = joined;
            socket.data.pending = null;
          }
          if (!socket.data.upgraded) {
            const end = indexOf(bytes, HEADER_END);
            if (end < 0) {
              socket.data.pending = bytes.slice();
              return;
            }
            const status = new TextDecoder().decode(bytes.subarray(0, 12));
            if (status !== "HTTP/1.1 101") {
              socket.data.onError(new Error(`upgrade refused: ${new TextDecoder().decode(bytes)}`));
              socket.end();
              return;
            }
            socket.data.upgraded = true;
            socket.write(SUBSCRIBE);
            bytes = bytes.subarray(end + HEADER_END.length);
          }
          const rest = readFrames(socket, bytes, at);
          // `chunk` is only valid during this call: keep a copy of an incomplete frame.
          socket.data.pending = rest ? rest.slice() : null;
        },
        error(socket, error) {
          socket.data.onError(error);
        },
        close(socket) {
          if (!socket.data.upgraded) socket.data.onError(new Error("closed before the upgrade"));
        },
      },
    }).catch(reject);
  });
}

for (let i = 0; i < count; i += BATCH) {
  await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, open));
}
console.log(`READY ${confirmed}`);

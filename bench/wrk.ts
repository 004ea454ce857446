import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * HTTP load comes from wrk, a C load generator in its own process, so the client never competes with
 * the server for Bun's event loop. Benches stop with the install command when it is missing.
 */
export function requireWrk(): void {
  const found = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  if (found.error) {
    console.error(
      "These benches measure HTTP with wrk. Install it first: sudo apt-get install wrk (Debian/Ubuntu) or brew install wrk (macOS).",
    );
    process.exit(1);
  }
}

export interface WrkResult {
  requests: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
}

function toMs(value: string | undefined): number {
  const m = value?.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : n * 60_000;
}

/**
 * `wrk -c<connections>` for `seconds` against `url`: each connection sends its next request as soon as
 * the last answer arrives, so `connections` is the number of concurrent clients. `paths` rotate
 * request by request (a Lua script), so mixed queries share one run.
 */
export function runWrk(options: {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): WrkResult {
  const script = join(tmpdir(), `wrk-${crypto.randomUUID()}.lua`);
  const lua = (s: string) => JSON.stringify(s);
  writeFileSync(
    script,
    `local paths = { ${options.paths.map(lua).join(", ")} }
local headers = { ${Object.entries(options.headers ?? {})
      .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
      .join(", ")} }
local i = 0
function setup(thread)
  thread:set("offset", math.random(#paths))
end
request = function()
  i = i + 1
  return wrk.format("GET", paths[((i + (offset or 0)) % #paths) + 1], headers)
end
`,
  );
  const threads = Math.min(2, options.connections);
  // wrk reads the script as it starts; it is removed once the run is over, so none are left behind.
  const run = spawnSync(
    "wrk",
    [
      `-t${threads}`,
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      "--latency",
      "-s",
      script,
      options.url,
    ],
    { encoding: "utf8" },
  );
  rmSync(script, { force: true });
  const out = run.stdout ?? "";
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  return {
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? Number.NaN),
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN),
    p50ms: toMs(out.match(/\s50%\s+([\d.]+\w+)/)?.[1]),
    p99ms: toMs(out.match(/\s99%\s+([\d.]+\w+)/)?.[1]),
    non2xx: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
    errors: (
      out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)?.slice(1) ?? []
    )
      .map(Number)
      .reduce((a, b) => a + b, 0),
  };
}

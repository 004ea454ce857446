/**
 * GET /api/auth/user with a valid session vs GET /api/health (the floor), at 50 concurrent
 * connections, measured with wrk (a C load generator, so the client does not compete with Bun's
 * event loop for the same runtime). Run: `bun bench/auth-user.bench.ts`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";

if (!existsSync("/usr/bin/wrk")) {
  spawnSync("apt-get", ["install", "-y", "-qq", "wrk"], { stdio: "inherit" });
}

const server = await startBenchServer();
try {
  const email = `bench-${Date.now()}@example.com`;
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email, password: "bench-password-123" }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`signup failed: ${res.status}`);

  const rows = [];
  for (const [label, path, headers] of [
    ["GET /api/health", "/api/health", []],
    ["GET /api/auth/user", "/api/auth/user", ["-H", `Cookie: ${cookie}`]],
  ] as const) {
    spawnSync("wrk", ["-t2", "-c50", "-d3s", ...headers, `${server.url}${path}`]); // warm-up
    const run = spawnSync("wrk", ["-t2", "-c50", "-d10s", "--latency", ...headers, `${server.url}${path}`], {
      encoding: "utf8",
    });
    const out = run.stdout;
    const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
    const p50 = out.match(/\s50%\s+([\d.]+\w+)/)?.[1];
    const p99 = out.match(/\s99%\s+([\d.]+\w+)/)?.[1];
    const non2xx = out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? "0";
    rows.push({
      endpoint: label,
      "req/s": Math.round(rps),
      p50: p50 ?? "?",
      p99: p99 ?? "?",
      "non-2xx": non2xx,
    });
  }
  printTable("HTTP at 50 concurrent connections (wrk, 10 s, 2 threads)", rows);
} finally {
  await server.stop();
}

/**
 * GET /api/auth/user with a valid session vs GET /api/health (the floor: the same server, middleware
 * and connection handling, no session), at 50 concurrent connections, measured with wrk. The figure
 * is the ratio of the two request rates (issue 13: at least 50 %). Run: `bun bench/auth-user.bench.ts`.
 */
import { printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";
import { requireWrk, runWrk } from "./wrk.ts";

requireWrk();
const CONNECTIONS = 50;
const SECONDS = 10;
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

  const measure = (path: string, headers: Record<string, string> = {}) => {
    runWrk({ url: server.url, paths: [path], connections: CONNECTIONS, seconds: 3, headers }); // warm-up
    return runWrk({ url: server.url, paths: [path], connections: CONNECTIONS, seconds: SECONDS, headers });
  };
  const health = measure("/api/health");
  const user = measure("/api/auth/user", { Cookie: cookie });
  const row = (endpoint: string, r: typeof health) => ({
    endpoint,
    "req/s": Math.round(r.rps),
    "p50 ms": r.p50ms.toFixed(2),
    "p99 ms": r.p99ms.toFixed(2),
    "non-2xx": r.non2xx,
    "% of health": `${((r.rps / health.rps) * 100).toFixed(0)} %`,
  });
  printTable(`HTTP at ${CONNECTIONS} concurrent connections (wrk, ${SECONDS} s, 2 threads)`, [
    row("GET /api/health (floor)", health),
    row("GET /api/auth/user", user),
  ]);
} finally {
  await server.stop();
}

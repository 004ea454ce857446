import { expect, test } from "vitest";
import { openClient, rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";
import { createTestUser, request } from "../helpers/api.ts";

// A short wait, so a lock held by "another process" outlasts it quickly.
process.env.DATABASE_BUSY_TIMEOUT_MS = "200";

test("every pooled connection waits on a lock and enforces foreign keys, not only the first", async () => {
  const client = rawClient();
  // An open transaction holds one connection: the reads beside it are served by others.
  const tx = await client.transaction("read");
  try {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.execute("SELECT * FROM pragma_busy_timeout, pragma_foreign_keys"),
      ),
    );
    for (const rs of answers) {
      expect(Number(rs.rows[0]![0])).toBe(env().DATABASE_BUSY_TIMEOUT_MS);
      expect(Number(rs.rows[0]![1])).toBe(1);
    }
  } finally {
    tx.close();
  }
});

test("a write refused on a lock that outlasts the wait is a 503 with Retry-After, and is not stored", async () => {
  const { cookie, user } = await createTestUser();
  // Another connection (as another process would) holds the write lock past the server's wait.
  const other = openClient(env().DATABASE_URL, undefined, 200);
  const tx = await other.transaction("write");
  await tx.execute("DELETE FROM reports WHERE 0");
  let res: Response;
  try {
    res = await request("/api/analytics/reports", {
      method: "POST",
      cookie,
      json: { reportType: "watchlist_summary" },
    });
  } finally {
    await tx.rollback();
    other.close();
  }
  expect(res.status).toBe(503);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = (await res.json()) as { status: number; detail: string };
  expect(body.status).toBe(503);
  const stored = await rawClient().execute({
    sql: "SELECT count(*) AS n FROM reports WHERE user_id = ?",
    args: [user.id],
  });
  expect(Number(stored.rows[0]!.n)).toBe(0);
  // Once the lock is gone the same request goes through.
  const again = await request("/api/analytics/reports", {
    method: "POST",
    cookie,
    json: { reportType: "watchlist_summary" },
  });
  expect(again.status).toBe(201);
  const { id } = (await again.json()) as { id: string };
  // The write after a refused one is committed at once: another process sees it and can take the
  // lock (a statement left over from the refusal used to keep it uncommitted, holding the lock).
  const third = openClient(env().DATABASE_URL, undefined, 200);
  try {
    const seen = await third.execute({ sql: "SELECT count(*) AS n FROM reports WHERE id = ?", args: [id] });
    expect(Number(seen.rows[0]!.n)).toBe(1);
    const lock = await third.transaction("write");
    await lock.rollback();
  } finally {
    third.close();
  }
});

test("an import whose batch meets a held lock retries it with backoff instead of failing", async () => {
  const { importSteamStoreCsv } = await import("../../src/server/importers/steam-store.ts");
  const other = openClient(env().DATABASE_URL, undefined, 200);
  const tx = await other.transaction("write");
  await tx.execute("DELETE FROM reports WHERE 0");
  const running = importSteamStoreCsv("tests/fixtures/concurrency/steam-store-300.csv");
  // Released only after the import's first write has certainly been refused at least once.
  await new Promise((resolve) => setTimeout(resolve, 800));
  await tx.rollback();
  other.close();
  const summary = await running;
  expect(summary.inserted).toBe(300);
  const rs = await rawClient().execute("SELECT count(*) AS n FROM games WHERE steam_app_id IS NOT NULL");
  expect(Number(rs.rows[0]!.n)).toBe(300);
});

test("a sign-up refused on a lock logs SQLITE_BUSY and the request id, not the email or the password hash", async () => {
  const { vi } = await import("vitest");
  const { resetEnvForTests } = await import("../../src/server/env.ts");
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "warn";
  resetEnvForTests();
  const lines: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  const other = openClient(env().DATABASE_URL, undefined, 200);
  const tx = await other.transaction("write");
  await tx.execute("DELETE FROM reports WHERE 0");
  let res: Response;
  try {
    res = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "locked.out@example.com", password: "a long enough password" },
      headers: { "X-Request-Id": "req-locked-signup" },
    });
  } finally {
    await tx.rollback();
    other.close();
    spy.mockRestore();
    process.env.LOG_LEVEL = previous;
    resetEnvForTests();
  }
  expect(res.status).toBe(503);
  const logged = lines.join("\n");
  expect(logged).toContain("SQLITE_BUSY");
  expect(logged).toContain("req-locked-signup");
  expect(logged).not.toContain("locked.out");
  expect(logged).not.toContain("argon2");
});

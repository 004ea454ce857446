import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import type { Settings } from "../../src/contracts/settings.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Two servers (or a server and a script) writing one database file (docs/decisions/010-database-locks.md):
 * a write answered 2xx is kept whole, whatever the other process wrote meanwhile, and a race with the
 * other process answers a clear status, never 500 (review r29, finding 2).
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Child {
  /** Resolves once the child printed `line`. */
  printed(line: string): Promise<void>;
  done: Promise<{ code: number | null; out: string }>;
}

function child(script: string, args: string[]): Child {
  const proc = spawn("bun", [script, env().DATABASE_URL, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "error", DEMO_DATA: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const waiting: { line: string; resolve: () => void }[] = [];
  const seen = () => {
    for (const w of waiting.splice(0)) {
      if (out.split("\n").includes(w.line)) w.resolve();
      else waiting.push(w);
    }
  };
  proc.stdout.on("data", (d) => {
    out += d;
    seen();
  });
  proc.stderr.on("data", (d) => (out += d));
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    proc.on("close", (code) => resolve({ code, out })),
  );
  return {
    printed: (line) =>
      Promise.race([
        new Promise<void>((resolve) => {
          waiting.push({ line, resolve });
          seen();
        }),
        done.then(({ out }) => {
          throw new Error(`the other process ended before printing "${line}": ${out}`);
        }),
      ]),
    done,
  };
}

/** Another process's write transaction that holds the lock `holdMs` after running `statements`. */
function heldWrite(statements: { sql: string; args: (string | number)[] }[], holdMs = 400): Child {
  return child("tests/helpers/held-write.ts", [String(holdMs), JSON.stringify(statements)]);
}

async function savedSettings(cookie: string): Promise<Settings> {
  const res = await request("/api/user/settings", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Settings;
}

test("a settings change saved while another process saves another field keeps both", async () => {
  const { user, cookie } = await createTestUser();
  const first = await request("/api/user/settings", {
    method: "PATCH",
    cookie,
    json: { notifications: { push: false } },
  });
  expect(first.status).toBe(200);
  // The other server's save of `push`, made and waiting to commit when this server's PATCH arrives.
  const other = heldWrite([
    {
      sql: "UPDATE user_settings SET settings = json_set(settings, '$.notifications.push', json('true')) WHERE user_id = ?",
      args: [user.id],
    },
  ]);
  await other.printed("holding");
  const res = await request("/api/user/settings", {
    method: "PATCH",
    cookie,
    json: { preferences: { theme: "light" } },
  });
  expect(res.status).toBe(200);
  expect((await other.done).code).toBe(0);
  const answered = (await res.json()) as Settings;
  const saved = await savedSettings(cookie);
  expect(saved.notifications.push).toBe(true);
  expect(saved.preferences.theme).toBe("light");
  // The PATCH answered what it stored.
  expect(answered).toEqual(saved);
});

test("adding a game while another process keeps removing it answers 200 or 201, never 500", async () => {
  const { user, cookie } = await createTestUser();
  const {
    ids: [gameId],
  } = await upsertGames([{ name: "Raced Watchlist Game", genres: ["Indie"], platforms: ["PC"] }], "test");
  const other = child("tests/helpers/repeat-write.ts", [
    "3000",
    "DELETE FROM user_games WHERE user_id = ? AND game_id = ?",
    JSON.stringify([user.id, gameId!]),
  ]);
  await other.printed("started");
  const statuses: Record<number, number> = {};
  let finished = false;
  void other.done.then(() => (finished = true));
  for (let i = 0; i < 400 && !finished; i++) {
    const res = await request("/api/user/games", { method: "POST", cookie, json: { gameId } });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 200 || res.status === 201) {
      const entry = (await res.json()) as { gameId: string; isWatchlisted: boolean };
      expect(entry.gameId).toBe(gameId);
      expect(entry.isWatchlisted).toBe(true);
    } else await res.body?.cancel();
  }
  expect((await other.done).code).toBe(0);
  expect(Object.keys(statuses).filter((s) => s !== "200" && s !== "201")).toEqual([]);
}, 30_000);

test.each([
  ["PATCH", "/api/user/settings", { privacy: { profilePublic: true } }],
  ["POST", "/api/analytics/reports", { reportType: "watchlist_summary" }],
  ["POST", "/api/user/games", null],
] as const)(
  "%s %s for an account another process deletes meanwhile answers 401, never 500",
  async (method, path, body) => {
    const { user, cookie } = await createTestUser();
    const {
      ids: [gameId],
    } = await upsertGames(
      [{ name: `Deleted Account Game ${path}`, genres: ["Indie"], platforms: ["PC"] }],
      "test",
    );
    // Delete Account on the other server: done, and waiting to commit when this request arrives.
    const other = heldWrite([{ sql: "DELETE FROM users WHERE id = ?", args: [user.id] }]);
    await other.printed("holding");
    const res = await request(path, { method, cookie, json: body ?? { gameId } });
    expect((await other.done).code).toBe(0);
    expect(res.status, await res.clone().text()).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toBe("Sign in to continue");
    // The session went with the account: its cookie is cleared, as a sign-out does.
    expect(res.headers.get("set-cookie") ?? "").toMatch(/Max-Age=0/i);
    const left = await rawClient().execute({
      sql: "SELECT count(*) AS n FROM users WHERE id = ?",
      args: [user.id],
    });
    expect(Number(left.rows[0]!.n)).toBe(0);
  },
);

test("creating a report while another process removes the user's reports never answers 500", async () => {
  // Delete Account removes the reports with the account; here only the reports go, so the request's
  // session holds and every answer must be the report as it was written.
  const { user, cookie } = await createTestUser();
  const other = child("tests/helpers/repeat-write.ts", [
    "3000",
    "DELETE FROM reports WHERE user_id = ?",
    JSON.stringify([user.id]),
  ]);
  await other.printed("started");
  const statuses: Record<number, number> = {};
  let finished = false;
  void other.done.then(() => (finished = true));
  for (let i = 0; i < 400 && !finished; i++) {
    const res = await request("/api/analytics/reports", {
      method: "POST",
      cookie,
      json: { reportType: "watchlist_summary" },
    });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 201) {
      const report = (await res.json()) as { id: string; reportType: string; generatedAt: string };
      expect(report.reportType).toBe("watchlist_summary");
      expect(Number.isNaN(Date.parse(report.generatedAt))).toBe(false);
    } else await res.body?.cancel();
  }
  expect((await other.done).code).toBe(0);
  // 429: the hour's reports counted before the other process removed them (ADR 026), a clear answer.
  expect(Object.keys(statuses).filter((s) => s !== "201" && s !== "429")).toEqual([]);
  expect(statuses[201]).toBeGreaterThan(0);
}, 30_000);

describe("a role change while another process changes the same account", () => {
  test("an account deleted meanwhile is 404, not the last admin's 409", async () => {
    const admin = await createTestUser({ role: "admin" });
    const { user } = await createTestUser();
    const other = heldWrite([{ sql: "DELETE FROM users WHERE id = ?", args: [user.id] }]);
    await other.printed("holding");
    const res = await request(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { role: "premium", tier: "professional" },
    });
    expect((await other.done).code).toBe(0);
    expect(res.status, await res.clone().text()).toBe(404);
  });

  test("the audit entry names the role the account had when it changed, not an older one", async () => {
    const admin = await createTestUser({ role: "admin" });
    const { user } = await createTestUser();
    // `bun run user:role` (or another server) makes the member premium; this admin's change comes after.
    const other = heldWrite([
      {
        sql: "UPDATE users SET role = 'premium', subscription_tier = 'professional' WHERE id = ?",
        args: [user.id],
      },
    ]);
    await other.printed("holding");
    const res = await request(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { role: "admin", tier: "enterprise" },
    });
    expect((await other.done).code).toBe(0);
    expect(res.status, await res.clone().text()).toBe(200);
    const audit = await rawClient().execute({
      sql: "SELECT detail FROM audit_log WHERE action = 'user.role_changed' AND target_id = ?",
      args: [user.id],
    });
    expect(audit.rows.map((r) => JSON.parse(String(r.detail)).from)).toEqual([
      { role: "premium", tier: "professional" },
    ]);
  });
});

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Two SQLite libraries open the database in one server process (libSQL's, and Bun's for hot reads).
 * A crash during a large import or migration leaves a WAL of more than 4,096 pages; on the next start
 * the server must survive growing it that large again (it used to die of SIGBUS: client.ts, openProbe).
 * Each step runs in a process of its own, so a crash fails this test instead of killing the runner.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const folder = tempDir("gi-wal-index-");

function child(mode: string, path: string) {
  return spawnSync("bun", ["tests/helpers/wal-index-child.ts", mode, path], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "error", DEMO_DATA: "off" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

test("a server started on a large leftover WAL survives writing one as large again", () => {
  const path = join(folder, "app.db");
  const crashed = child("leave-wal", path);
  expect(crashed.signal).toBe("SIGKILL");
  const reopened = child("reopen", path);
  expect({ signal: reopened.signal, status: reopened.status, out: reopened.stdout.trim() }).toEqual({
    signal: null,
    status: 0,
    out: "ok",
  });
}, 120_000);

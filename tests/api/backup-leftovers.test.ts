import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { BACKUP_NAME, createBackup, listBackups } from "../../src/server/operations/backup.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Review r29-b #1: a backup killed part-way (kill -9 during VACUUM INTO, OOM, the server dying
 * during a snapshot) left a file with a backup's final name and a `-journal` beside it. It was listed,
 * downloaded as "file is not a database", and counted toward BACKUP_KEEP, so the next backup deleted
 * the good ones and kept it. The leftovers here are what such a run leaves.
 */

const HOUR = 3600_000;
// The folder the admin API lists.
const apiFolder = tempDir("gi-bk-killed-");
process.env.BACKUP_DIR = apiFolder;
resetEnvForTests();

/** What a run killed during `VACUUM INTO` leaves under the final name: a part of a file, and its journal. */
function killedCopy(dir: string, name: string, options: { ageMs?: number; source?: string } = {}): string {
  const file = join(dir, name);
  if (options.source) {
    // The first half of a real copy: a header that promises twice the pages there are.
    const whole = readFileSync(options.source);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
  } else {
    // Killed before the header was written: zeros, as a preallocated file reads.
    writeFileSync(file, new Uint8Array(64 * 1024));
  }
  writeFileSync(`${file}-journal`, new Uint8Array(1024));
  if (options.ageMs) {
    const then = new Date(Date.now() - options.ageMs);
    for (const f of [file, `${file}-journal`]) utimesSync(f, then, then);
  }
  return file;
}

/** A pid no process has: one that has just exited. */
function deadPid(): number {
  const done = spawnSync("true");
  return done.pid;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a backup killed part-way", () => {
  test("is never listed, downloadable or counted: BACKUP_KEEP keeps the good backups and the leftover and its journal go", async () => {
    const dir = apiFolder;
    const admin = await createTestUser({ role: "admin" });
    {
      const first = await createBackup({ dir, keep: 2 });
      const second = await createBackup({ dir, keep: 2 });
      // Killed an hour ago (nothing writes it any more), named newer than both good backups.
      const broken = killedCopy(dir, "gaming-intelligence-29991231T235959999Z.db", {
        ageMs: HOUR,
        source: second.file,
      });
      const zeroed = killedCopy(dir, "gaming-intelligence-29991231T235959998Z.db", { ageMs: HOUR });
      expect(BACKUP_NAME.test("gaming-intelligence-29991231T235959999Z.db")).toBe(true);

      expect(listBackups(dir).map((b) => b.name)).toEqual([second.name, first.name]);
      const listed = (await (await request("/api/admin/backups", { cookie: admin.cookie })).json()) as {
        backups: Array<{ name: string }>;
      };
      expect(listed.backups.map((b) => b.name)).toEqual([second.name, first.name]);
      const download = await request("/api/admin/backups/gaming-intelligence-29991231T235959999Z.db", {
        cookie: admin.cookie,
      });
      expect(download.status).toBe(404);

      // The next backup keeps two good ones: the new one and the newest before it.
      const third = await createBackup({ dir, keep: 2 });
      expect(listBackups(dir).map((b) => b.name)).toEqual([third.name, second.name]);
      expect(readdirSync(dir).sort()).toEqual([second.name, third.name].sort());
      expect(existsSync(broken) || existsSync(zeroed)).toBe(false);
    }
  });

  test("a leftover that may still be written (seen in the last hour, its writer unknown) is kept, but not listed", async () => {
    const dir = tempDir("gi-bk-fresh-");
    const good = await createBackup({ dir, keep: 1 });
    const fresh = killedCopy(dir, "gaming-intelligence-29991231T235959999Z.db", { source: good.file });
    await createBackup({ dir, keep: 1 });
    expect(listBackups(dir)).toHaveLength(1);
    expect(listBackups(dir)[0]!.name).not.toBe("gaming-intelligence-29991231T235959999Z.db");
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(`${fresh}-journal`)).toBe(true);
  });

  test("the copy is written under a name that is never listed, and renamed only once it passed its integrity check", async () => {
    const dir = tempDir("gi-bk-temp-");
    const client = rawClient();
    const targets: string[] = [];
    const execute = client.execute.bind(client);
    vi.spyOn(client, "execute").mockImplementation(((stmt: unknown) => {
      const statement = stmt as { sql?: string; args?: unknown[] };
      const answer = execute(stmt as Parameters<typeof execute>[0]);
      if (typeof stmt !== "object" || !/^VACUUM INTO/i.test(statement.sql ?? "")) return answer;
      targets.push(String(statement.args?.[0]));
      return answer.then((result) => {
        // Written, not yet checked: nothing in the folder counts as a backup.
        expect(listBackups(dir)).toEqual([]);
        return result;
      });
    }) as typeof client.execute);
    const made = await createBackup({ dir, keep: 3 });
    expect(targets).toHaveLength(1);
    expect(BACKUP_NAME.test(targets[0]!.split("/").pop()!)).toBe(false);
    expect(existsSync(targets[0]!)).toBe(false);
    expect(readdirSync(dir)).toEqual([made.name]);
    expect(listBackups(dir).map((b) => b.name)).toEqual([made.name]);
  });

  test("a copy left by a killed run of this machine goes at once; one a live process is writing stays, whatever its age", async () => {
    const dir = tempDir("gi-bk-partial-");
    const host = hostname().replace(/[^A-Za-z0-9-]/g, "-");
    const dead = join(dir, `gaming-intelligence-20261127T172329075Z.db.${deadPid()}@${host}.partial`);
    writeFileSync(dead, new Uint8Array(4096));
    writeFileSync(`${dead}-journal`, new Uint8Array(512));
    // The parent of this test process is alive: its copy is still being written.
    const live = join(dir, `gaming-intelligence-20261127T172329076Z.db.${process.ppid}@${host}.partial`);
    writeFileSync(live, new Uint8Array(4096));
    const old = new Date(Date.now() - 5 * HOUR);
    utimesSync(live, old, old);
    // Another machine's (a shared folder): its process cannot be asked, so only its age tells.
    const elsewhereFresh = join(dir, "gaming-intelligence-20261127T172329077Z.db.4242@another-host.partial");
    const elsewhereOld = join(dir, "gaming-intelligence-20261127T172329078Z.db.4243@another-host.partial");
    writeFileSync(elsewhereFresh, new Uint8Array(4096));
    writeFileSync(elsewhereOld, new Uint8Array(4096));
    utimesSync(elsewhereOld, old, old);

    expect(listBackups(dir)).toEqual([]);
    const made = await createBackup({ dir, keep: 3 });
    expect(readdirSync(dir).sort()).toEqual(
      [made.name, live.split("/").pop()!, elsewhereFresh.split("/").pop()!].sort(),
    );
  });
});

import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { db, rawClient } from "../../src/server/db/client.ts";
import { workflowExecutions } from "../../src/server/db/schema/index.ts";
import { limiterFor, SERVICE_LIMITS } from "../../src/server/sources/http.ts";
import { AlreadyRunningError, syncSource } from "../../src/server/sync/index.ts";
import {
  closeInterruptedRuns,
  executeWorkflow,
  setWorkflowRunOptions,
} from "../../src/server/workflows/runner.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";

/**
 * Review r29-b #5: a sync's lease (sync_leases) outlived the process holding it. After the server
 * was killed during a workflow's sync step, or `bun run sync` was killed, the next run of that source
 * was refused as "already running in another process" for about 60 s, though nothing ran it. A lease
 * of a process of this machine that has ended is now taken over at once; one of another machine
 * keeps the 60 s rule; and a start that finds a run interrupted lets go of the leases that run held.
 */
let replay: Replay;
beforeAll(async () => {
  limiterFor("steam").setRate(20);
  replay = await startReplay();
});
afterAll(async () => {
  setWorkflowRunOptions({});
  limiterFor("steam").setRate(SERVICE_LIMITS.steam);
  await replay.stop();
});
afterEach(async () => {
  for (const path of ["/v1/catalog", "/api.php"]) replay.override(path, null);
  await rawClient().execute("DELETE FROM sync_leases");
});

const host = hostname().replace(/[^A-Za-z0-9-]/g, "-");
const holder = (fields: { host: string; pid: number; token?: string; run?: string }) =>
  JSON.stringify({ token: crypto.randomUUID(), ...fields });
const deadPid = () => spawnSync("true").pid;

async function leaseHeldBy(source: string, by: string, since = Date.now() - 5_000): Promise<void> {
  await rawClient().execute({
    sql: "INSERT INTO sync_leases (source, holder, started_at, seen_at) VALUES (?, ?, ?, ?)",
    args: [source, by, since, Date.now()],
  });
}
const leases = async () =>
  (await rawClient().execute("SELECT source, holder FROM sync_leases ORDER BY source")).rows.map((r) => ({
    source: String(r.source),
    holder: String(r.holder),
  }));

/** A GOG answer that waits until let go, telling when it was asked. */
function hold(path: string, body: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let arrived!: () => void;
  const asked = new Promise<void>((r) => {
    arrived = r;
  });
  replay.override(path, async () => {
    arrived();
    await gate;
    return Response.json(body);
  });
  return { asked, release };
}

describe("a lease its process left behind", () => {
  test("`bun run sync` killed with -9 and started again at once: the next run goes ahead", async () => {
    const { asked, release } = hold("/v1/catalog", { products: [] });
    const cli = Bun.spawn(["bun", "scripts/sync.ts", "gog"], {
      env: { ...process.env, SOURCE_BASE_URLS: `gog=${replay.base}`, LOG_LEVEL: "silent" },
      stdout: "ignore",
      stderr: "ignore",
    });
    try {
      await asked;
      expect((await leases()).map((l) => l.source)).toEqual(["gog"]);
      cli.kill(9);
      await cli.exited;
    } finally {
      release();
    }
    replay.override("/v1/catalog", null);
    expect((await syncSource("gog", { bases: replay.bases })).records).toBe(2);
    expect(await leases()).toEqual([]);
  }, 30_000);

  test("a process of this machine that has ended, or this process's pid before a restart, is taken over at once", async () => {
    for (const by of [holder({ host, pid: deadPid() }), holder({ host, pid: process.pid })]) {
      await leaseHeldBy("gog", by);
      expect((await syncSource("gog", { bases: replay.bases })).records).toBe(2);
      expect(await leases()).toEqual([]);
    }
  });

  test("a live process of this machine, another machine's process, or a holder that names no machine: refused until 60 s unseen", async () => {
    for (const by of [
      holder({ host, pid: process.ppid }),
      holder({ host: "another-machine", pid: deadPid() }),
      `${deadPid()}:${crypto.randomUUID()}`,
    ]) {
      const since = Date.now() - 5_000;
      await leaseHeldBy("gog", by, since);
      const error = await syncSource("gog", { bases: replay.bases }).catch((e) => e);
      expect(error).toBeInstanceOf(AlreadyRunningError);
      expect(error.message).toBe(
        `gog: a sync is already running in another process since ${new Date(since).toISOString()}`,
      );
      expect(await leases()).toEqual([{ source: "gog", holder: by }]);
      await rawClient().execute("DELETE FROM sync_leases");
    }
  });
});

describe("a workflow run and its leases", () => {
  test("a step's lease names its run; a start that finds the run interrupted lets go of it, not of another run's", async () => {
    setWorkflowRunOptions({ bases: replay.bases, steamGames: 2 });
    const { asked, release } = hold("/api.php", {});
    const { execution, done } = await executeWorkflow("multi-platform-intelligence", { trigger: "manual" });
    try {
      await asked;
      const [lease] = await leases();
      expect(lease?.source).toBe("steamspy");
      expect(JSON.parse(lease!.holder)).toMatchObject({ host, pid: process.pid, run: execution.id });
    } finally {
      release();
      await done;
    }
    expect(await leases()).toEqual([]);

    // A run another machine's server left running when it was killed (not seen for over a minute: its
    // process cannot be asked, ADR 038), holding SteamSpy's lease, and a lease of another run that is
    // not interrupted.
    await db()
      .insert(workflowExecutions)
      .values({
        id: "killed-run",
        workflowId: "multi-platform-intelligence",
        status: "running",
        currentStep: 0,
        totalSteps: 6,
        steps: [],
        trigger: "schedule",
        startedAt: new Date(Date.now() - 90_000),
        runner: { host: "another-machine", pid: 4242 },
      });
    await leaseHeldBy("steamspy", holder({ host: "another-machine", pid: 4242, run: "killed-run" }));
    const others = holder({ host: "another-machine", pid: 4243, run: "a-run-still-going" });
    await leaseHeldBy("gog", others);
    expect(await closeInterruptedRuns()).toBe(1);
    expect(await leases()).toEqual([{ source: "gog", holder: others }]);
  }, 30_000);
});

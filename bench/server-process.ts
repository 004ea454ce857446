import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The real server (`bun src/server/index.ts`) on a free port with a temporary database. */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { databaseFrom?: string } = {},
) {
  const databaseFile = join(tmpdir(), `gi-bench-${crypto.randomUUID()}.db`);
  // A database seeded earlier (its WAL too), so a bench can skip minutes of seeding.
  if (options.databaseFrom) {
    for (const s of ["", "-wal"])
      if (existsSync(options.databaseFrom + s)) copyFileSync(options.databaseFrom + s, databaseFile + s);
  }
  let output = "";
  const child: ChildProcess = spawn("bun", ["src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_URL: `file:${databaseFile}`,
      DEMO_DATA: "off",
      SNAPSHOT_DATA: "off",
      LIVE_BOOTSTRAP: "off",
      WORKFLOW_SCHEDULER: "off",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/"url":"http:\/\/localhost:(\d+)"/);
      if (m) resolve(Number(m[1]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return {
    url: `http://localhost:${port}`,
    pid: child.pid!,
    databaseFile,
    /** Everything the server printed so far. */
    output: () => output,
    async stop() {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      for (const s of ["", "-wal", "-shm"]) rmSync(databaseFile + s, { force: true });
    },
  };
}

export function rssMiB(pid: number): number {
  const status = require("node:fs").readFileSync(`/proc/${pid}/status`, "utf8") as string;
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** CPU seconds a process has used (user + system). */
function cpuSeconds(pid: number): number {
  const fields = require("node:fs").readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until a server has done what its start set off (building its search and catalog indexes,
 * checking every game's estimate): it is quiet when it used under a tenth of a core for two seconds
 * running (at most three minutes).
 */
export async function quiet(pid: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  let calm = 0;
  let last = cpuSeconds(pid);
  while (Date.now() < deadline && calm < 2) {
    await Bun.sleep(1000);
    const now = cpuSeconds(pid);
    calm = now - last < 0.1 ? calm + 1 : 0;
    last = now;
  }
}

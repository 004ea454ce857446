import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Test runs leave nothing behind in the system's temp folder (a day of runs once left ~2,400 folders
 * there, some holding whole database copies): a folder from `tempDir` goes when its test finishes,
 * or, made outside a test or `until: "file"`, after the file's last test. Those last can only be seen
 * gone once the file is done, so a test file (tests/fixtures/temp-dir) is run on its own in a child
 * Vitest: it checks the folders while it runs, and this test that none is left after it (review r21
 * L7: the file's folders, the ones that held database copies, were never checked).
 */
test("every folder a test file made is gone once the file is done, its file-level ones too", () => {
  const report = join(tempDir("gi-temp-dir-report-"), "folders.txt");
  const env: Record<string, string | undefined> = { ...process.env, TEMP_DIR_REPORT: report };
  // The child is a Vitest run of its own, not a worker of this one.
  for (const key of Object.keys(env)) if (key.startsWith("VITEST") || key === "TEST") delete env[key];
  const run = Bun.spawnSync(
    ["bun", "--bun", "vitest", "run", "--config", "tests/fixtures/temp-dir/vitest.config.ts"],
    { env, stdout: "pipe", stderr: "pipe" },
  );
  const output = `${run.stdout.toString()}\n${run.stderr.toString()}`;
  expect(run.exitCode, output).toBe(0);
  const made = readFileSync(report, "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [kind, ...path] = line.split(" ");
      return { kind, dir: path.join(" ") };
    });
  expect(made.map((m) => m.kind)).toEqual(["file", "test", "kept"]);
  expect(made.filter((m) => existsSync(m.dir))).toEqual([]);
}, 120_000);

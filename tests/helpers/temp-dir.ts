import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

/**
 * Temporary directories for tests (database copies, written fixtures, backup folders), removed when
 * their test or test file is done, so test runs leave nothing behind in the system's temp folder.
 *
 * Directories of a test file are removed by the `afterAll` below. It is registered when this module
 * is loaded, which is while the test file (or, in the server project, its setup file) is collected:
 * it is the file's first `afterAll`, and with Vitest's default hook order ("stack") it runs after
 * every other one — after the hooks that stop the servers and close the connections using the files.
 */
const fileDirs = new Set<string>();

afterAll(() => {
  for (const dir of fileDirs) remove(dir);
  fileDirs.clear();
});

/**
 * A fresh directory `<tmp>/<prefix>XXXXXX`. Made inside a test it is removed when that test finishes
 * (after the test's own `finally` blocks); made anywhere else (a file's top level, a `beforeAll`) it
 * is removed after the file's last test. `until: "file"` keeps one made inside a test to the end of
 * the file, for something that outlives the test (a server stopped in `afterAll`).
 */
export function tempDir(prefix: string, options: { until?: "test" | "file" } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (options.until === "file" || !removeAfterTest(dir)) fileDirs.add(dir);
  return dir;
}

/** Removes a directory now (a server's, once stopped); quietly, as the hooks do. */
export function removeTempDir(dir: string): void {
  fileDirs.delete(dir);
  remove(dir);
}

function removeAfterTest(dir: string): boolean {
  try {
    onTestFinished(() => remove(dir));
    return true;
  } catch {
    // Not inside a test: Vitest refuses the hook.
    return false;
  }
}

/** A directory that cannot be removed (a process still holding it elsewhere) fails no test. */
function remove(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // Left for the system's temp cleaner.
  }
}

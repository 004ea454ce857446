import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Test runs leave nothing behind in the system's temp folder (a day of runs once left ~2,400 folders
 * there, some holding whole database copies): a folder from `tempDir` goes when its test finishes,
 * or, made outside a test, after the file's last test.
 */
const forTheFile = tempDir("gi-temp-dir-file-");
let forOneTest = "";

test("a folder made inside a test is there, with what the test wrote, while the test runs", () => {
  forOneTest = tempDir("gi-temp-dir-test-");
  writeFileSync(join(forOneTest, "app.db"), "x");
  expect(existsSync(join(forOneTest, "app.db"))).toBe(true);
});

test("it is gone, contents and all, once that test finished; one made outside a test is still there", () => {
  expect(forOneTest).not.toBe("");
  expect(existsSync(forOneTest)).toBe(false);
  expect(existsSync(forTheFile)).toBe(true);
});

test("a folder made for the file inside a test outlives the test", () => {
  const kept = tempDir("gi-temp-dir-kept-", { until: "file" });
  forOneTest = kept;
});

test("(the folder kept for the file is still there)", () => {
  expect(existsSync(forOneTest)).toBe(true);
});

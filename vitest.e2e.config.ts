import { defineProject } from "vitest/config";

/**
 * End-to-end tests: the real server on a free port with its own database, driven by real
 * Chromium (Debian's /usr/bin/chromium) through playwright-core.
 */
export default defineProject({
  test: {
    name: "e2e",
    environment: "node",
    // Vitest's forks pool cannot start its workers under Bun; threads can.
    pool: "threads",
    include: ["tests/e2e/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser on a busy two-core machine can need more than the default second to settle
    // (smooth scrolling, a query answering); polls wait up to 10 s before failing.
    expect: { poll: { timeout: 10_000 } },
    // One browser and one server at a time: the machine has 2 cores.
    fileParallelism: false,
  },
});

import { defineProject } from "vitest/config";

/** Unit tests beside the server code, and API tests through `app.request()` on a fresh database. */
export default defineProject({
  test: {
    name: "server",
    environment: "node",
    // Vitest's forks pool cannot start its workers under Bun; threads can.
    pool: "threads",
    include: [
      "src/server/**/*.test.ts",
      "src/contracts/**/*.test.ts",
      "src/client/**/*.test.ts",
      // The UI kit's pure functions (an axis's ticks); its components are tested through their stories.
      "src/ui/**/*.test.ts",
      "tests/api/**/*.test.ts",
    ],
    setupFiles: ["./tests/helpers/setup-db.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

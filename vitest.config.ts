import { defineConfig } from "vitest/config";

/**
 * Every suite in one run (`bun run test`): each project keeps its own config file so its owners
 * can change it without touching the others.
 */
export default defineConfig({
  test: {
    projects: ["./vitest.server.config.ts", "./vitest.e2e.config.ts", "./vitest.storybook.config.ts"],
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
  },
});

import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineProject } from "vitest/config";

/**
 * Every story is a test, run in Debian's Chromium, with its play function and an axe check.
 * No `.storybook/vitest.setup.ts`: since Storybook 10.3 the plugin applies the preview annotations
 * (preview.tsx, the a11y addon) itself, and a setup file calling `setProjectAnnotations` turns that off.
 */
export default defineProject({
  plugins: [storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
  test: {
    name: "storybook",
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
          ],
        },
      }),
      instances: [{ browser: "chromium" }],
    },
  },
});

import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import tailwindcss from "@tailwindcss/vite";
import { playwright } from "@vitest/browser-playwright";
import { defineProject } from "vitest/config";

/**
 * Every story is a test, run in Debian's Chromium, with its play function and an axe check.
 * No `.storybook/vitest.setup.ts`: since Storybook 10.3 the plugin applies the preview annotations
 * (preview.tsx, the a11y addon) itself, and a setup file calling `setProjectAnnotations` turns that off.
 */
export default defineProject({
  // Tailwind here too: without it the stylesheet kept its tokens but lost every utility, so each story
  // ran unstyled (no scrolling table, and axe's colour-contrast check saw black on white).
  plugins: [
    tailwindcss(),
    storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) }),
  ],
  // Pre-bundle every dependency up front: on a clean clone, Vite otherwise discovers some mid-run,
  // re-optimizes and reloads the browser, and the story running then fails to start.
  optimizeDeps: {
    include: [
      "react",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "react-dom",
      "react-dom/client",
      "radix-ui",
      "lucide-react",
      "class-variance-authority",
      "clsx",
      "tailwind-merge",
      "react-apexcharts",
      "apexcharts",
      "@tanstack/react-query",
      "wouter",
    ],
  },
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

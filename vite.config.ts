import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // The server reads the manifest to link the landing page's island (src/server/http/landing.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small parts every data screen draws (cards, alerts, skeletons, empty and failed
              // states, source notes, number and date formats) in one chunk instead of a dozen
              // 0.1–0.8 KiB files: each small file carried its own gzip overhead on the first route
              // (121.4 → 118.6 KiB); the game card and the figures' wording it shares with other screens
              // (price conversion, rating and player figures) likewise (120.6 → 119.7 KiB; the figure-sources notes since). Only these
              // modules, not what they import, so the shell keeps React and the kit's base to itself.
              name: "screen-kit",
              includeDependenciesRecursively: false,
              test: /src[\\/](ui[\\/](empty-state|source-note|skeleton|card|alert|metric-card|premium-lock|image-with-fallback)[\\/]|client[\\/](components[\\/](LoadFailed|ProductState|CatalogSourceNote|GameCardView|figure-sources)|format[\\/](numbers|dates))|contracts[\\/](price-conversion|rating-figure|player-figures|growth-basis)\.ts)/,
            },
          ],
        },
      },
      input: {
        app: "index.html",
        landing: "src/client/landing/island.tsx",
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/ws": { target: "ws://localhost:3000", ws: true },
    },
  },
});

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
              // The icons those parts and the Overview draw go with them: six 0.2–0.3 KiB files, each
              // with its own gzip overhead and import in the shell (122,889 → 121,793 B).
              test: /src[\\/](ui[\\/](empty-state|source-note|skeleton|card|alert|metric-card|premium-lock|image-with-fallback)[\\/]|client[\\/](components[\\/](LoadFailed|ProductState|CatalogSourceNote|GameCardView|figure-sources)|format[\\/](numbers|dates))|contracts[\\/](price-conversion|rating-figure|player-figures|growth-basis)\.ts)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](circle-exclamation-point|inbox|lock|star|chart-line|plus)\.mjs$/,
            },
            {
              // What the Dashboard, Analytics and Historical screens share (the global revenue chart
              // and its caveat, the platform-share export, the market-trends query, series notes and
              // the CSV and provenance helpers): one lazy chunk instead of seven small ones, for each
              // chunk's name is listed in the shell (the first route's budget: 122,913 → 122,808 B).
              name: "market-kit",
              includeDependenciesRecursively: false,
              test: /src[\\/]client[\\/](components[\\/](GlobalRevenueChart|PlatformShareExport|global-revenue|csv-provenance)|format[\\/]provenance|queries[\\/]market-trends|pages[\\/]historical[\\/]series-notes)\.tsx?$/,
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

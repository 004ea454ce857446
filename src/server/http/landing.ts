import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createMiddleware } from "hono/factory";
import { type LandingAssets, renderLandingPage } from "../../client/landing/render.tsx";
import { PROVIDERS } from "../../client/landing/signin-texts.ts";
import { isProviderConfigured } from "../auth/oauth.ts";
import { env } from "../env.ts";
import type { AppEnv } from "./app-env.ts";
import { maybeGzip } from "./gzip.ts";
import { CLIENT_DIST } from "./static-site.ts";

/** Where Vite's manifest names the island's hashed files. */
export const LANDING_ENTRY = "src/client/landing/island.tsx";

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

function assetsFromManifest(distDir: string): LandingAssets | null {
  const path = join(distDir, ".vite", "manifest.json");
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[LANDING_ENTRY];
  if (!entry) return null;
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const css of chunk?.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(LANDING_ENTRY);
  return { scripts: [`/${entry.file}`], styles: [...styles] };
}

/**
 * `GET /` for a visitor: the server-rendered landing page (issue 3). A signed-in user falls through
 * to the single-page app, whose `/` is the Overview. The page is rendered once per build and kept.
 */
export function landingPage(distDir = CLIENT_DIST) {
  let cached: { html: string; bytes: Uint8Array<ArrayBuffer>; manifestMtime: number } | undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get("user")) return next();
    const manifestPath = join(distDir, ".vite", "manifest.json");
    const mtime = existsSync(manifestPath) ? Bun.file(manifestPath).lastModified : 0;
    if (!cached || cached.manifestMtime !== mtime) {
      const assets = assetsFromManifest(distDir);
      if (!assets) return c.text("The client is not built yet: run `bun run build`.", 503);
      // Which provider buttons lead anywhere is known here, so the dialog says so without a request.
      const configured = PROVIDERS.map((p) => p.id).filter((id) => isProviderConfigured(id));
      const html = renderLandingPage(assets, env().PUBLIC_URL, configured);
      cached = { html, bytes: new TextEncoder().encode(html), manifestMtime: mtime };
    }
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Cookie");
    c.header("Content-Type", "text/html; charset=UTF-8");
    return c.body(maybeGzip(c, cached.bytes, "text/html", cached.html));
  });
}

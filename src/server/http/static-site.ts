import { existsSync } from "node:fs";
import { normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.ts";
import { maybeGzip } from "./gzip.ts";

export const CLIENT_DIST = fileURLToPath(new URL("../../../dist/client", import.meta.url));

/**
 * Serves the built client with SPA fallback (STACK.md): a path with a file extension is an asset
 * (404 when missing); any other GET gets `index.html`, whose router shows `Page Not Found` itself.
 * `/api/*` and `/ws` never reach here.
 */
export function staticSite(distDir = CLIENT_DIST) {
  const root = resolve(distDir);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    // Already decoded by the router; `pathGuard` has refused malformed escapes and NUL bytes.
    const path = c.req.path;
    if (path === "/api" || path.startsWith("/api/") || path === "/ws") return next();
    const last = path.split("/").pop() ?? "";
    if (last.includes(".")) {
      const file = resolve(root, `.${normalize(path)}`);
      if (!file.startsWith(root + sep)) return c.text("Not Found", 404);
      const blob = Bun.file(file);
      if (!(await blob.exists())) return c.text("Not Found", 404);
      c.header("Content-Type", blob.type);
      c.header(
        "Cache-Control",
        path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return c.body(maybeGzip(c, bytes, blob.type, `${file}\0${blob.lastModified}`));
    }
    return serveIndex(c, root);
  });
}

async function serveIndex(c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0], root: string) {
  const index = resolve(root, "index.html");
  if (!existsSync(index)) {
    return c.text("The client is not built yet: run `bun run build`.", 503);
  }
  c.header("Cache-Control", "no-cache");
  c.header("Content-Type", "text/html; charset=UTF-8");
  // Its bytes as they are, and kept compressed by path and time as the assets are: no decoding and
  // encoding the page again, nor hashing its whole text, on every navigation.
  const file = Bun.file(index);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return c.body(maybeGzip(c, bytes, "text/html", `${index}\0${file.lastModified}`));
}

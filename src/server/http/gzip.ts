import type { Context } from "hono";

/**
 * Gzip for what the server sends of the built client: the assets, `index.html` and the landing page.
 * Browsers download these compressed (review r35-b #1: every file went out as it is on disk, three to
 * six times the gzip sizes the bundle budgets count). API answers are left as they are: most are small,
 * and a request's CPU stays with its work.
 *
 * Each text's compressed bytes are kept, keyed by what identifies the content (a hashed asset's path
 * and modification time, the page's text itself), so a file is compressed once per build, at level 9,
 * the level the bundle budgets are measured at (bench/spa-bundle.bench.ts).
 */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
/** Below this a gzip header and checksum gain nothing worth the work. */
const MIN_BYTES = 1024;
const KEPT_MAX = 512;
const kept = new Map<string, Uint8Array<ArrayBuffer>>();

/** Whether the request accepts gzip: named in Accept-Encoding (or `*`) and not with q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.toLowerCase().split(",")) {
    const [coding, ...params] = part.trim().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) return false;
    return true;
  }
  return false;
}

/**
 * The body to send for `bytes` of `type`: gzip-compressed (and headers saying so) when the client
 * accepts it and the type is text; as it is otherwise. `key` names the content for the kept copies.
 */
export function maybeGzip(
  c: Context,
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  key: string,
): Uint8Array<ArrayBuffer> {
  if (!COMPRESSIBLE.test(type) || bytes.byteLength < MIN_BYTES) return bytes;
  // Caches between the browser and the server keep one copy per encoding.
  c.header("Vary", "Accept-Encoding", { append: true });
  if (!acceptsGzip(c.req.header("Accept-Encoding"))) return bytes;
  let zipped = kept.get(key);
  if (!zipped) {
    zipped = Bun.gzipSync(bytes, { level: 9 }) as Uint8Array<ArrayBuffer>;
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    kept.set(key, zipped);
  }
  c.header("Content-Encoding", "gzip");
  return zipped;
}

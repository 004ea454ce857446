import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { acceptsGzip } from "../../src/server/http/gzip.ts";

/**
 * Review r35-b #1: the built client went out as it is on disk (no Content-Encoding), three to six times
 * the gzip sizes its budgets count. Assets, index.html and the landing page are sent gzip-compressed to
 * a browser that accepts it, and as they are to one that does not.
 */
const dist = mkdtempSync(join(tmpdir(), "gi-gzip-"));
mkdirSync(join(dist, "assets"), { recursive: true });
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];\n`;
writeFileSync(join(dist, "assets", "app-abc123.js"), script);
writeFileSync(join(dist, "assets", "tiny-abc123.js"), "export {};\n");
writeFileSync(join(dist, "assets", "logo-abc123.png"), new Uint8Array(4096));
writeFileSync(
  join(dist, "index.html"),
  `<!doctype html><html><body>${"<p>app</p>".repeat(300)}</body></html>`,
);
const app = createApp({ clientDist: dist });
const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { "Accept-Encoding": encoding } : {} });

test("a text asset is gzip-compressed for a browser that accepts it, and decompresses to the file", async () => {
  const res = await get("/assets/app-abc123.js", "gzip, deflate, br");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Encoding")).toBe("gzip");
  expect(res.headers.get("Vary")).toContain("Accept-Encoding");
  expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  const body = new Uint8Array(await res.arrayBuffer());
  expect(body.byteLength).toBeLessThan(script.length / 3);
  expect(new TextDecoder().decode(Bun.gunzipSync(body))).toBe(script);
});

test("sent as it is without Accept-Encoding gzip, to q=0, and for small or binary files", async () => {
  for (const encoding of [undefined, "br", "gzip;q=0", "identity"]) {
    const res = await get("/assets/app-abc123.js", encoding);
    expect(res.headers.get("Content-Encoding"), String(encoding)).toBeNull();
    expect(await res.text()).toBe(script);
  }
  expect((await get("/assets/tiny-abc123.js", "gzip")).headers.get("Content-Encoding")).toBeNull();
  expect((await get("/assets/logo-abc123.png", "gzip")).headers.get("Content-Encoding")).toBeNull();
});

test("the single-page app's index.html is compressed too", async () => {
  const res = await get("/dashboard", "gzip");
  expect(res.headers.get("Content-Encoding")).toBe("gzip");
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())))).toContain(
    "<p>app</p>",
  );
});

test("Accept-Encoding is read as browsers and proxies write it", () => {
  expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
  expect(acceptsGzip("GZIP")).toBe(true);
  expect(acceptsGzip("*")).toBe(true);
  expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
  expect(acceptsGzip("gzip;q=0")).toBe(false);
  expect(acceptsGzip("br")).toBe(false);
  expect(acceptsGzip(undefined)).toBe(false);
});

import { expect, test } from "vitest";
import { ChunkLoadError, type ChunkRecoveryEnv, loadChunk, RELOAD_MARK } from "./chunks.ts";

function env(up: boolean) {
  const store = new Map<string, string>();
  let reloads = 0;
  const e: ChunkRecoveryEnv = {
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    serverUp: async () => up,
    reload: () => {
      reloads++;
    },
  };
  return { e, store, reloads: () => reloads };
}

const missing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
const settled = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => "settled",
      () => "settled",
    ),
    new Promise((r) => setTimeout(() => r("pending"), 20)),
  ]);

test("a stale chunk while the server is up reloads the page once, then shows the error", async () => {
  const { e, store, reloads } = env(true);
  // The first failure reloads and keeps the loading state (the promise never settles).
  expect(await settled(loadChunk(missing, e))).toBe("pending");
  expect(reloads()).toBe(1);
  expect(store.has(RELOAD_MARK)).toBe(true);
  // After that reload the chunk is still missing: no second reload, the error screen instead.
  await expect(loadChunk(missing, e)).rejects.toBeInstanceOf(ChunkLoadError);
  expect(reloads()).toBe(1);
});

test("while the server is down nothing reloads by itself: the error screen offers Reload", async () => {
  const { e, store, reloads } = env(false);
  await expect(loadChunk(missing, e)).rejects.toBeInstanceOf(ChunkLoadError);
  expect(reloads()).toBe(0);
  expect(store.has(RELOAD_MARK)).toBe(false);
});

test("a chunk that loads clears the mark, so a later deploy may reload by itself again", async () => {
  const { e, store } = env(true);
  store.set(RELOAD_MARK, "1");
  expect(await loadChunk(async () => ({ default: 1 }), e)).toEqual({ default: 1 });
  expect(store.has(RELOAD_MARK)).toBe(false);
});

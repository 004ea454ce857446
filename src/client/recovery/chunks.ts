import { type ComponentType, lazy } from "react";

/**
 * Loading a screen's code chunk, and what to do when it cannot be fetched (issue 8).
 *
 * Two causes look alike in the browser: the server is restarting (nothing answers), or a deploy
 * replaced the chunks and this page still names the old files (the server answers, the file is
 * gone). The first needs the person to wait and reload; the second is cured by reloading once,
 * which fetches the new index.html and its new chunk names. So on a failed import we ask the
 * server whether it is up: if it is, the page reloads by itself once — a sessionStorage mark
 * stops a loop when the chunk is missing for another reason — and otherwise the error reaches the
 * screen's error boundary, which offers Reload.
 */
export const RELOAD_MARK = "gi:chunk-reload";

export interface ChunkRecoveryEnv {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  serverUp: () => Promise<boolean>;
  reload: () => void;
}

const browserEnv = (): ChunkRecoveryEnv => ({
  storage: window.sessionStorage,
  serverUp: async () => {
    try {
      const res = await fetch("/api/health", { cache: "no-store" });
      return res.ok;
    } catch {
      return false;
    }
  },
  reload: () => window.location.reload(),
});

/** Marks an error as a failed chunk fetch, so the error screen can say what happened. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super("The code for this screen could not be loaded", { cause });
    this.name = "ChunkLoadError";
  }
}

/**
 * Runs `load`; on failure, either reloads the page once (the server is up: a stale chunk) and never
 * settles, or rejects with a ChunkLoadError for the error boundary.
 */
export async function loadChunk<T>(load: () => Promise<T>, env: ChunkRecoveryEnv = browserEnv()): Promise<T> {
  try {
    const module = await load();
    // A chunk loaded: a later deploy may reload by itself again.
    env.storage.removeItem(RELOAD_MARK);
    return module;
  } catch (error) {
    if (env.storage.getItem(RELOAD_MARK) === null && (await env.serverUp())) {
      env.storage.setItem(RELOAD_MARK, String(Date.now()));
      env.reload();
      // Keep the loading state on screen until the page goes away.
      return new Promise<T>(() => {});
    }
    throw new ChunkLoadError(error);
  }
}

/** React.lazy with the recovery above. */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ReturnType<typeof lazy<ComponentType<P>>> {
  return lazy(() => loadChunk(load));
}

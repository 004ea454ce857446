/**
 * Catalog change notifications: writers call `markCatalogChanged()`; derived views (trending,
 * market trends) subscribe and recompute once per burst of changes.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | undefined;
export const CHANGE_DEBOUNCE_MS = 250;

export function onCatalogChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const invalidators = new Set<Listener>();

/** Called at once on every change: drop caches so the next read recomputes. */
export function onCatalogInvalidated(listener: Listener): () => void {
  invalidators.add(listener);
  return () => invalidators.delete(listener);
}

export function markCatalogChanged(): void {
  for (const invalidate of invalidators) invalidate();
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    for (const l of listeners) l();
  }, CHANGE_DEBOUNCE_MS);
}

import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "../ui/toast/toast-store.ts";
import { loadChunk } from "./recovery/chunks.ts";

/**
 * The kit's Toaster (Radix Toast) kept out of the shell's first download: the queue lives in
 * toast-store (no Radix), the Toaster's chunk is fetched once the browser is idle after the first
 * paint, or at once when a toast is queued before that, and mounts with the first toast.
 */
const load = () => import("../ui/toast/Toaster.tsx");

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * Resolves once the Toaster can show toasts (or could not be loaded), at most `capMs` later: a
 * toast followed by a full-page navigation waits for it, or the person would never see it.
 */
export function toasterReady(capMs = 10_000): Promise<void> {
  return Promise.race([ready, new Promise<void>((r) => setTimeout(r, capMs))]);
}

/** Marks the Toaster ready once it is on screen (React may hold a resolved lazy back ~300 ms). */
function Ready() {
  useEffect(() => markReady(), []);
  return null;
}

const LazyToaster = lazy<ComponentType>(() =>
  loadChunk(load)
    .then(({ Toaster }) => ({
      default: () => (
        <>
          <Toaster />
          <Ready />
        </>
      ),
    }))
    // Without the chunk (server down) a toast cannot be shown; the screen's own state still says what happened.
    .catch(() => {
      markReady();
      return { default: () => null };
    }),
);

export function DeferredToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const prefetch = () => void load().catch(() => {});
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 1000);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (toasts.length > 0) setWanted(true);
  }, [toasts.length]);
  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

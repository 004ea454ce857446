import { dataVersion } from "../db/client.ts";
import { onCatalogInvalidated } from "./changes.ts";

/**
 * An answer computed from the database, kept until anything commits to it (`dataVersion()` moved: this
 * process's writes and another's, such as an import run by hand) or this process changes the catalog.
 * Callers asking while it is computed share that computation; a failed one is not kept. Without a data
 * version (a remote database, `:memory:`) nothing is kept.
 *
 * For answers that read many series points (genre volatility, daily activity, the catalog's sources):
 * they cost hundreds of milliseconds to seconds once a catalog holds millions of points, and are asked
 * by every Overview and screener page while the data changes only with imports and syncs.
 */
export function keptUntilChange<T>(compute: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | null = null;
  let keptAt: number | null = null;
  onCatalogInvalidated(() => {
    kept = null;
  });
  return () => {
    const version = dataVersion();
    if (version == null || version !== keptAt) {
      kept = null;
      keptAt = version;
    }
    if (kept) return kept;
    const computing = compute().catch((error) => {
      if (kept === computing) kept = null;
      throw error;
    });
    if (version != null) kept = computing;
    return computing;
  };
}

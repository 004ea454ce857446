import { dataVersion, readRows } from "../db/client.ts";
import { logHeadSql, onCatalogInvalidated } from "./changes.ts";

/**
 * An answer computed from the database, kept until anything commits to it (`dataVersion()` moved: this
 * process's writes and another's, such as an import run by hand) or this process changes the catalog.
 * Callers asking while it is computed share that computation; a failed one is not kept. Without a data
 * version (a remote database, `:memory:`) nothing is kept, unless…
 *
 * …with `catalogOnly` (answers that read nothing but games, their series and their estimates), a commit
 * is first checked against `catalogContentKey()`: one that left the catalog as it was (a sign-in, a
 * setting, a report, a change log's pruning) keeps the answer. The key is read once per data version
 * for all of them (`contentKeyAt`): a commit costs one read, however many answers are kept. Without a
 * data version that key is read at every call instead: one small query rather than the whole answer.
 *
 * For answers that read many series points (genre volatility, daily activity, the catalog's sources):
 * they cost hundreds of milliseconds to seconds once a catalog holds millions of points, and are asked
 * by every Overview and screener page while the data changes only with imports and syncs.
 */
export function keptUntilChange<T>(
  compute: () => Promise<T>,
  options: { catalogOnly?: boolean } = {},
): () => Promise<T> {
  let kept: Promise<{ key: string | null; value: T }> | null = null;
  let keptAt: number | null = null;
  onCatalogInvalidated(() => {
    kept = null;
  });
  return () => {
    const version = dataVersion();
    if (version == null && !options.catalogOnly) return compute();
    if (!kept || version == null || version !== keptAt) {
      const before = kept;
      keptAt = version;
      const next = (async () => {
        const key = options.catalogOnly ? await contentKeyAt(version) : null;
        if (before && key != null) {
          const previous = await before.catch(() => null);
          if (previous?.key === key) return previous;
        }
        return { key, value: await compute() };
      })();
      kept = next;
      next.catch(() => {
        if (kept === next) kept = null;
      });
    }
    return kept.then((answer) => answer.value);
  };
}

/** The content key read at the data version it is kept for (null: none kept). */
let keptKey: { version: number; key: Promise<string> } | null = null;

/**
 * `catalogContentKey()` at `version` (`dataVersion()`), read once for every kept answer that asks at
 * that version: the key depends on the database's content alone, and the content changes only with a
 * commit, which moves the version. A key read just after a commit the version does not show yet (one
 * by another process, within this turn: version-memo.ts) is newer than the version, never older: an
 * answer compared with it is computed again, not kept past a change. A failed read is not kept.
 * Without a data version, read at every call.
 */
function contentKeyAt(version: number | null): Promise<string> {
  if (version == null) return catalogContentKey();
  if (keptKey?.version !== version) {
    const key = catalogContentKey();
    keptKey = { version, key };
    key.catch(() => {
      if (keptKey?.key === key) keptKey = null;
    });
  }
  return keptKey.key;
}

/**
 * Where the catalog's content stands: the heads of the `catalog_changes` log (every insert, change or
 * deletion of a game: triggers) and of `estimate_changes` (every estimate written or removed), and the
 * newest series point's rowid (every point inserted, whatever writes it). A point whose value changes
 * is covered by the first: `recordMetrics` then updates its game's latest figures. Equal keys mean
 * no game, point or estimate changed between them.
 */
export async function catalogContentKey(): Promise<string> {
  const [row] = await readRows(
    `SELECT ${logHeadSql("catalog_changes")} AS games, ${logHeadSql("estimate_changes")} AS estimates,
            (SELECT max(rowid) FROM game_metrics) AS points`,
  );
  return `${row?.games}/${row?.estimates}/${row?.points}`;
}

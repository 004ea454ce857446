/**
 * The Data sources page (`GET /api/data-sources`, issue 9): every source the product shows data
 * from, its licence, what it provides, and the time of its newest data; and how the VGChartz files
 * are named among the catalog's sources.
 */
export interface DataSourceEntry {
  id: string;
  /** As the footnotes name it ("Steam Store Games (Kaggle, CC BY 4.0)"). */
  name: string;
  /** Who publishes it. */
  publisher: string;
  licence: string;
  url: string;
  /** What the product takes from it. */
  provides: string;
  /** Time of the newest data stored from it; null when none has come in yet. */
  asOf: string | null;
  /** When a live source last synced successfully; null for files and never-synced sources. */
  lastSync: string | null;
  /**
   * A service the app syncs itself (absent for files an operator imports): with no `lastSync` it has
   * not been synced yet, and the page says so.
   */
  live?: true;
  /**
   * A live service whose keys are not set, so no sync can reach it: the page says "not connected",
   * and `provides` what it would provide once connected (review r28-a #6). Which settings are
   * missing is for operators (issue 9 §4), never here. Absent otherwise.
   */
  notConnected?: true;
  /**
   * For a live service whose last sync attempt failed: when (ISO 8601) and why; the data stored
   * before (`asOf`, `lastSync`) is still served. Null when the last attempt succeeded or none was
   * made, and always for non-admins (a service's failure is for operators, issue 9 §4); absent for
   * files an operator imports.
   */
  lastFailure?: { at: string; message: string } | null;
  /**
   * The starting catalog (the shipped snapshot) while its load is unfinished, stopped part-way: its
   * games in the catalog so far, of all of them (`provides` says so too); the next start finishes it.
   * Absent otherwise.
   */
  incomplete?: { games: number; of: number };
  /** Records stored from it (series points, games or years, as `unit` says). */
  records: number;
  unit: string;
  /**
   * Of `records`, those whose file states no date (imported without `--as-of` and with no date in its
   * name): `asOf` is the newest dated file's, or null when no file is dated. Absent when none is undated.
   */
  undated?: number;
}

/**
 * How the VGChartz sales files are named as a source (the catalog's provenance names each file after
 * it: "VGChartz sales dataset (vgsales.csv)"): the only import that brings PlayStation and Xbox games.
 */
export const VGCHARTZ_SOURCE = "VGChartz sales dataset";

const isVgchartz = (p: { source: string }) =>
  p.source === VGCHARTZ_SOURCE || p.source.startsWith(`${VGCHARTZ_SOURCE} (`);

/**
 * How many VGChartz sales files these sources (the catalog's, `GET /api/data-sources/catalog`) name:
 * each file is its own source, 0 when none is imported.
 */
export function vgchartzDatasets(provenance: ReadonlyArray<{ source: string }>): number {
  return provenance.filter(isVgchartz).length;
}

export interface DemoDataState {
  /** Generated demo games present in the catalog (every screen showing one says "demo"). */
  games: number;
}

/**
 * `GET /api/data-sources/catalog`: where the catalog's figures come from and when (each source at its
 * newest point), and whether any generated demo game exists. Figures computed over the whole catalog
 * name these sources; while `demo` holds, every card, list and chart fed by the catalog says "demo"
 * (issue 9 §1). The screens ask once and share the answer.
 */
export interface CatalogState {
  demo: boolean;
  provenance: import("./provenance.ts").Provenance[];
}

export interface DataSourcesAnswer {
  sources: DataSourceEntry[];
  demo: DemoDataState;
}

/** `DELETE /api/data-sources/demo` (admins): what went. */
export interface DemoRemovalAnswer {
  games: number;
  points: number;
  companies: number;
  reports: number;
  analyses: number;
}

/**
 * What the catalog says without any player history (`GET /api/analytics/catalog`, issue 9): the
 * most-owned and best-reviewed games, each genre's size, and releases per year, with their source.
 */
export interface CatalogInsights {
  mostOwned: Array<{ gameId: string; name: string; owners: number }>;
  /** Share of positive reviews (percent), among games with at least `minReviews` reviews. */
  bestReviewed: Array<{ gameId: string; name: string; positiveShare: number; reviews: number }>;
  minReviews: number;
  /** Games per genre and the sum of their owner estimates (the genre's size in owners). */
  genres: Array<{ genre: string; games: number; owners: number }>;
  releasesPerYear: Array<{ year: number; games: number }>;
  provenance: import("./provenance.ts").Provenance;
}

/** The first start's live bootstrap, as admins see it (`GET /api/data-sources/bootstrap`). */
export interface LiveBootstrapState {
  status: "not_started" | "running" | "done" | "failed";
  startedAt: string | null;
  finishedAt: string | null;
  /** What it is doing now. */
  step: string | null;
  /** SteamSpy `all` pages stored so far, of `pagesTotal`. */
  pagesDone: number;
  pagesTotal: number;
  records: number;
  /** Why it failed (unreachable services when offline). */
  message: string | null;
}

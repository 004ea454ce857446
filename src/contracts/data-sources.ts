/**
 * The Data sources page (`GET /api/data-sources`, issue 9): every source the product shows data
 * from, its licence, what it provides, and the time of its newest data. Types only.
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
  /** Records stored from it (series points, games or years, as `unit` says). */
  records: number;
  unit: string;
}

export interface DemoDataState {
  /** Generated demo games present in the catalog (every screen showing one says "demo"). */
  games: number;
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

/** What every importer reports (issue 4): counts, and each bad row with its line number. */
export interface ImportSummary {
  kind: string;
  file: string;
  read: number;
  /**
   * What `inserted`/`updated` count: "games" (the game importers), "sales rows" (one game on one
   * platform, VGChartz), "records" (esports and Twitch rows, which are not games).
   */
  counted: string;
  /**
   * What `inserted`/`updated` count while the import runs, when not `counted` (VGChartz: its batches'
   * games, until its end counts the sales rows): what a run that fails part-way says it stored.
   */
  countedWhileRunning?: string;
  inserted: number;
  updated: number;
  skipped: number;
  errors: Array<{ line: number; message: string }>;
  ms: number;
  /**
   * The series points the file's rows carry (importers that write points): new, changed (a point of
   * this source already stored for the same game, metric and time, with another value), unchanged.
   * `inserted`/`updated` above count what `counted` says.
   */
  points?: { inserted: number; updated: number; unchanged: number };
  notes?: string[];
  /**
   * The games whose stored inputs this import inserted or changed, when the importer knows them:
   * `bun run import` re-estimates just those. Absent: every game is checked.
   */
  changedGameIds?: Set<string>;
}

export function newSummary(kind: string, file: string, counted = "games"): ImportSummary {
  return { kind, file, read: 0, counted, inserted: 0, updated: 0, skipped: 0, errors: [], ms: 0 };
}

export const MAX_REPORTED_ERRORS = 50;

export function skip(summary: ImportSummary, line: number, message: string): void {
  summary.skipped++;
  if (summary.errors.length < MAX_REPORTED_ERRORS) summary.errors.push({ line, message });
}

export function formatSummary(s: ImportSummary): string {
  const lines = [
    `${s.kind}: ${s.file}`,
    `  read ${s.read}, ${s.counted} inserted ${s.inserted}, updated ${s.updated}, skipped ${s.skipped} (${(s.ms / 1000).toFixed(2)} s, ${s.ms > 0 ? Math.round(s.read / (s.ms / 1000)) : 0} rows/s)`,
  ];
  if (s.points)
    lines.push(
      `  points: inserted ${s.points.inserted}, updated ${s.points.updated}, unchanged ${s.points.unchanged}`,
    );
  for (const note of s.notes ?? []) lines.push(`  ${note}`);
  for (const e of s.errors) lines.push(`  line ${e.line}: ${e.message}`);
  if (s.skipped > s.errors.length) lines.push(`  … and ${s.skipped - s.errors.length} more skipped rows`);
  return lines.join("\n");
}

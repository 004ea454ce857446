import type { InStatement } from "@libsql/client";
import { type ImportSummary, MAX_REPORTED_ERRORS } from "./summary.ts";

/**
 * One row per stored record of one file (review r20c, item 2). Twitch_game_data.csv lists some
 * (month, game name) pairs twice (two games of one name: "Resident Evil 2", 2019-01, at rank 13 with
 * 16,394,917 hours watched and at rank 130 with 578,746), GeneralEsportData.csv "Resistance 2" twice;
 * the table keeps one row per name. Writing both let the later row of the file overwrite the earlier,
 * whatever it held, and a second run wrote them again ("updated 10"). Here each file's rows are
 * gathered by their key first and the importer's rule picks one, as VGChartz keeps the larger figure
 * of one file's duplicates (decision 007): the row kept does not depend on the order of the lines, a
 * second run writes what the first stored (0 updated), and the summary names each duplicate by line.
 */
export interface KeptRow {
  line: number;
  /** What the rule compares: the larger is kept; on a tie, the earlier line. */
  measure: number;
  /** How the summary words the measure, e.g. "16,394,917 hours watched". */
  shown: string;
  statement: InStatement;
}

export class OneRowPerKey {
  readonly #rows = new Map<string, KeptRow>();
  readonly #notes: string[] = [];
  #duplicates = 0;

  /** `rule` ends the summary's line: "kept the row with more hours watched". */
  constructor(private readonly rule: string) {}

  add(key: string, label: string, row: KeptRow): void {
    const held = this.#rows.get(key);
    if (!held) {
      this.#rows.set(key, row);
      return;
    }
    this.#duplicates++;
    const kept = row.measure > held.measure ? row : held;
    const dropped = kept === row ? held : row;
    if (kept === row) this.#rows.set(key, row);
    if (this.#notes.length < MAX_REPORTED_ERRORS)
      this.#notes.push(
        `line ${row.line}: ${label} is also on line ${held.line}; kept line ${kept.line} (${kept.shown}), not line ${dropped.line} (${dropped.shown})`,
      );
  }

  get size(): number {
    return this.#rows.size;
  }

  /** The kept rows' statements, in the order of their keys' first lines. */
  statements(): InStatement[] {
    return [...this.#rows.values()].map((r) => r.statement);
  }

  /** The summary's lines on this file's duplicates (none when it has none). */
  report(summary: ImportSummary, file: string): void {
    if (this.#duplicates === 0) return;
    summary.notes ??= [];
    summary.notes.push(
      `${file}: ${this.#duplicates} ${this.#duplicates === 1 ? "row names" : "rows name"} a record already in the file; one row is stored for each, ${this.rule}:`,
      ...this.#notes.map((n) => `  ${n}`),
    );
    if (this.#duplicates > this.#notes.length)
      summary.notes.push(`  … and ${this.#duplicates - this.#notes.length} more`);
  }
}

/** Writes statements in batches of `size` with `write` (the importers' counting writer). */
export async function writeInBatches(
  statements: InStatement[],
  size: number,
  write: (batch: InStatement[]) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < statements.length; i += size) await write(statements.slice(i, i + size));
}

import { statSync } from "node:fs";
import { isCalendarTime } from "../../contracts/game-page.ts";
import { isPossibleFigure } from "../catalog/stats.ts";
import { type ImportSummary, skip } from "./summary.ts";

/**
 * Streams a CSV file (or a gzip-compressed `.csv.gz`) as records with their line numbers, in constant
 * memory, decoding latin-1 or UTF-8 (a BOM is dropped). A progress bar is drawn on a terminal only.
 *
 * The records are cut by `CsvRecords` below rather than by csv-parse: the same records and line
 * numbers on every dataset the importers read (checked file by file), at about a tenth of the time,
 * which was the largest part of an import after the database's own work (docs/decisions).
 */
export interface CsvRow {
  line: number;
  record: Record<string, string>;
}

export class ImportInputError extends Error {
  /**
   * The import's summary when the file failed part-way (a compressed file cut short, a quote never
   * closed): its batches committed before the failure stay, and `bun run import` says what they were.
   */
  summary?: ImportSummary;
}

export interface CsvOptions {
  encoding?: "utf8" | "latin1";
  progressLabel?: string;
  /**
   * The layout the importer reads (its name, and the columns it needs): a file whose header lacks any
   * of them is refused before its first row is read, so nothing of it is written (review r13 a, item 3:
   * Kaggle's steam.csv imported as a SteamSpy export read its GBP prices as US cents).
   */
  layout?: { name: string; columns: readonly string[] };
  /** The importer's summary, carried by an ImportInputError the file raises part-way. */
  summary?: ImportSummary;
}

export async function* readCsv(path: string, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new ImportInputError(`${path} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof ImportInputError) throw error;
    throw new ImportInputError(`Cannot read ${path}: no such file`);
  }
  const progress = createProgress(options.progressLabel ?? path, size);
  let bytes = 0;
  let input: ReadableStream<Uint8Array> = Bun.file(path)
    .stream()
    .pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.length;
          progress.update(bytes);
          controller.enqueue(chunk);
        },
      }),
    );
  // A `.gz` file is decompressed as it streams (the shipped snapshot is stored compressed).
  if (path.endsWith(".gz"))
    input = input.pipeThrough(
      new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
    );
  // "latin-1" files from Windows tools are really windows-1252 (0x92 is ’, not a control code);
  // the WHATWG decoder maps the `latin1` label to exactly that.
  const decoder = new TextDecoder(options.encoding === "latin1" ? "windows-1252" : "utf-8");
  const records = new CsvRecords();
  let columns: string[] | undefined;
  let ready: CsvRow[] = [];
  const emit = (fields: string[], line: number) => {
    if (!columns) {
      columns = fields.map((h) => h.trim());
      const layout = options.layout;
      const missing = layout?.columns.filter((c) => !columns!.includes(c)) ?? [];
      if (layout && missing.length > 0)
        throw new ImportInputError(
          `${path}: not ${layout.name} (needs ${layout.columns.join(", ")}; missing ${missing.join(", ")})`,
        );
      return;
    }
    // Short rows have only the fields they carry; fields past the header are dropped.
    const record: Record<string, string> = {};
    const n = Math.min(fields.length, columns.length);
    for (let i = 0; i < n; i++) record[columns[i]!] = fields[i]!;
    ready.push({ line, record });
  };
  let first = true;
  const reader = input.getReader();
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read().catch((error: unknown) => {
        // The stream itself failed: a `.gz` cut short or damaged ("unexpected end of file"), or the
        // file unreadable part-way. Named as the file's problem, with the last line read.
        const what = path.endsWith(".gz")
          ? "the compressed file is cut short or damaged"
          : "the file cannot be read";
        const reason = error instanceof Error ? error.message : String(error);
        throw new ImportInputError(`${path}: ${what} (${reason}) after line ${records.line}`);
      });
      if (done) break;
      let text = decoder.decode(chunk, { stream: true });
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      parse(records, text, false, emit, path);
      if (ready.length) {
        const rows = ready;
        ready = [];
        yield* rows;
      }
    }
    parse(records, decoder.decode(), true, emit, path);
    yield* ready;
  } catch (error) {
    if (error instanceof ImportInputError && options.summary) error.summary ??= options.summary;
    throw error;
  } finally {
    // Stopped early (an error, or a consumer that breaks off): the file is closed all the same.
    await reader.cancel().catch(() => undefined);
    progress.done();
  }
}

function parse(
  records: CsvRecords,
  text: string,
  final: boolean,
  emit: (fields: string[], line: number) => void,
  path: string,
) {
  try {
    records.push(text, final, emit);
  } catch (error) {
    if (error instanceof UnclosedQuoteError) throw new ImportInputError(`${path}: ${error.message}`);
    throw error;
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * A CSV record parser over text that arrives in chunks: RFC 4180 quoting ("" inside quotes, line breaks
 * inside quoted fields), CRLF/LF/CR line ends, empty lines skipped. Lenient where the public datasets
 * are: a quote inside an unquoted field is kept as text, and so is a lone quote inside a quoted field.
 */
export class CsvRecords {
  /** Lines consumed so far (the line number of the last record returned). */
  line = 0;
  private rest = "";

  /** Every complete record in `rest + chunk`; with `final`, whatever is left is the last record. */
  push(chunk: string, final: boolean, emit: (fields: string[], line: number) => void): void {
    const text = this.rest ? this.rest + chunk : chunk;
    const n = text.length;
    let i = 0;
    outer: while (i < n) {
      const first = text.charCodeAt(i);
      if (first === LF || first === CR) {
        // An empty line.
        if (first === CR && i + 1 >= n && !final) break;
        i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
        this.line++;
        continue;
      }
      const fields: string[] = [];
      let lines = 0;
      let j = i;
      for (;;) {
        let value: string;
        if (j < n && text.charCodeAt(j) === QUOTE) {
          let k = j + 1;
          value = "";
          for (;;) {
            const q = text.indexOf('"', k);
            if (q === -1) {
              if (!final) break outer;
              throw new UnclosedQuoteError(this.line + 1);
            }
            value += text.slice(k, q);
            if (q + 1 >= n) {
              if (!final) break outer;
              j = q + 1;
              break;
            }
            const next = text.charCodeAt(q + 1);
            if (next === QUOTE) {
              value += '"';
              k = q + 2;
            } else if (next === COMMA || next === LF || next === CR) {
              j = q + 1;
              break;
            } else {
              // Text after a closing quote ("a"b): the field is taken as written, quotes included.
              let e = q + 1;
              while (e < n) {
                const c = text.charCodeAt(e);
                if (c === COMMA || c === LF || c === CR) break;
                e++;
              }
              if (e >= n && !final) break outer;
              value = text.slice(j, e);
              j = e;
              break;
            }
          }
          lines += countLines(value);
        } else {
          let k = j;
          while (k < n) {
            const c = text.charCodeAt(k);
            if (c === COMMA || c === LF || c === CR) break;
            k++;
          }
          if (k >= n && !final) break outer;
          value = text.slice(j, k);
          j = k;
        }
        fields.push(value);
        if (j >= n) {
          // The last record of the input, without a line end.
          i = n;
          this.line += lines + 1;
          emit(fields, this.line);
          break;
        }
        const c = text.charCodeAt(j);
        if (c === COMMA) {
          j++;
          continue;
        }
        if (c === CR) {
          if (j + 1 >= n && !final) break outer;
          j += text.charCodeAt(j + 1) === LF ? 2 : 1;
        } else j++;
        i = j;
        this.line += lines + 1;
        emit(fields, this.line);
        break;
      }
    }
    this.rest = i < n ? text.slice(i) : "";
  }
}

function countLines(value: string): number {
  let count = 0;
  for (let p = value.indexOf("\n"); p !== -1; p = value.indexOf("\n", p + 1)) count++;
  // Old Mac line ends (a CR alone) count as lines too.
  for (let p = value.indexOf("\r"); p !== -1; p = value.indexOf("\r", p + 1))
    if (value.charCodeAt(p + 1) !== LF) count++;
  return count;
}

export class UnclosedQuoteError extends Error {
  constructor(readonly line: number) {
    super(`line ${line}: a quoted field is never closed`);
  }
}

function createProgress(label: string, total: number) {
  const tty = process.stderr.isTTY === true && process.env.NODE_ENV !== "test";
  let last = 0;
  return {
    update(bytes: number) {
      if (!tty) return;
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      const ratio = total ? Math.min(1, bytes / total) : 0;
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stderr.write(
        `\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.round(ratio * 100)}%`,
      );
    },
    done() {
      if (tty) process.stderr.write(`\r${" ".repeat(label.length + 40)}\r`);
    },
  };
}

/** Numbers as the datasets write them: `"1,234"`, `"1362044 hours"`, `-`, `N/A`, `tbd`. */
export function parseNumber(value: string | undefined): number | null {
  const n = readNumber(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Why a field that a program wrote as a number is no decimal figure (review 11 a, item 5), or null:
 * `Number` reads "0x10" as 16 (and "0b…", "0o…"), and "NaN" would pass for a blank field. Other words
 * ("lots") stay placeholders, absent as before.
 */
function oddNumber(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (/^[+-]?0[xbo][0-9a-f]+$/i.test(text)) return "not a decimal number";
  if (/^[+-]?nan$/i.test(text)) return "not a number";
  if (/^[+-]?inf(inity)?$/i.test(text)) return "not a finite number";
  return null;
}

/** A field that writes no figure on purpose: empty, `-`, `N/A`, `tbd`, `null`, `none`. */
function isPlaceholder(value: string | undefined): boolean {
  const text = value?.trim() ?? "";
  return text === "" || text === "-" || /^(n\/a|na|tbd|null|none)$/i.test(text);
}

/** Whether a text is only digits and decimal points ("1362", "0.99"; "1.2.3" too, NaN as before). */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 48 || c > 57) && c !== 46) return false;
  }
  return true;
}

/** The number a field writes (NaN when it writes none, ±Infinity when it is too large to hold). */
function readNumber(value: string | undefined): number {
  // Digits and points only (most fields of every file): none of the cleaning below changes such a text.
  if (value && isPlain(value)) return Number(value);
  if (value == null || oddNumber(value) != null) return Number.NaN;
  const cleaned = value
    .replace(/,/g, "")
    .replace(/[^\d.eE+-]+$/g, "")
    .replace(/^\$/, "")
    .trim();
  if (cleaned === "" || cleaned === "-" || isPlaceholder(value)) return Number.NaN;
  return Number(cleaned);
}

/**
 * One row's figures and dates, read with the checks every importer shares (review 8 d, item 1): a
 * price, count or sales figure is finite, 0 or more and at most MAX_FIGURE, and a date is one the
 * calendar has (not 2019-02-30 or 0000-01-01) and not after the import's day. An empty or placeholder
 * field (`-`, `N/A`, `tbd`) is absent, as parseNumber reads it. An impossible one is the row's problem:
 * `reject` reports the row as skipped with its line and the field, and the importer stores nothing of
 * it — a negative price shown as "-$3.81", or a log of it in the estimates, is worse than the row
 * missing. So is a field that writes something but no number ("abc", "free", "20x6": review r13 a,
 * item 4), which was stored as unknown without a word, and a date after today (item 2: a dataset
 * holds what has happened; a month of players dated 2030 became the product's newest figure).
 *
 * `now` is the import's clock (one instant for the whole file; tests set it). Only the dataset
 * importers use RowCheck: the live sources (Steam, IGDB) may carry an announced game's future
 * release date, and read their dates elsewhere.
 */
/** The last import clock's day (RowCheck.today). */
const todayOf = { ms: Number.NaN, day: "" };

export class RowCheck {
  private problem: string | null = null;

  constructor(private readonly now: Date = new Date()) {}

  /** The import's day, YYYY-MM-DD (UTC). */
  get today(): string {
    // One instant for a whole file, a RowCheck for each of its rows: the day is worked out once.
    const ms = this.now.getTime();
    if (ms !== todayOf.ms) {
      todayOf.ms = ms;
      todayOf.day = this.now.toISOString().slice(0, 10);
    }
    return todayOf.day;
  }

  /** Whether a field read so far was impossible. */
  get failed(): boolean {
    return this.problem != null;
  }

  /** A field's figure; null when absent or impossible (then noted for `reject`). */
  figure(record: Record<string, string>, field: string): number | null {
    const raw = record[field];
    // Digits and points only: no odd number, no placeholder; what readNumber reads, checked.
    if (raw && isPlain(raw)) {
      const n = Number(raw);
      if (!Number.isNaN(n)) return this.checked(field, n, raw);
    }
    const odd = oddNumber(raw);
    if (odd != null) {
      this.fail(field, raw, odd);
      return null;
    }
    const n = readNumber(raw);
    if (Number.isNaN(n)) {
      // An empty or placeholder field is unknown; anything else written there is no number.
      if (!isPlaceholder(raw)) this.fail(field, raw, "not a number");
      return null;
    }
    return this.checked(field, n, raw);
  }

  /** A percentage (a discount): a figure from 0 to 100. */
  percent(record: Record<string, string>, field: string): number | null {
    const n = this.figure(record, field);
    if (n == null || n <= 100) return n;
    this.fail(field, record[field], "a percentage above 100");
    return null;
  }

  /** A year (a release or sales year): a whole figure, not after the import's year. */
  year(record: Record<string, string>, field: string): number | null {
    const n = this.count(record, field);
    if (n == null || n <= this.now.getUTCFullYear()) return n;
    this.fail(field, record[field], `a year after this one (${this.now.getUTCFullYear()})`);
    return null;
  }

  /** A day or month a field dates (`ts`, its first day), or null (noted) when it is after the import's day. */
  notAfterToday(field: string, raw: string | undefined, ts: Date, what = "a date"): Date | null {
    if (ts.toISOString().slice(0, 10) <= this.today) return ts;
    this.fail(field, raw, `${what} after today (${this.today})`);
    return null;
  }

  /** A problem the importer found in a field (beyond the reads above): the row's, as theirs are. */
  refuse(field: string, raw: string | undefined, reason: string): void {
    this.fail(field, raw, reason);
  }

  /** A field's count (reviews, players): a figure that is whole ("12.5" reviews is the row's problem). */
  count(record: Record<string, string>, field: string): number | null {
    const n = this.figure(record, field);
    if (n == null || Number.isInteger(n)) return n;
    this.fail(field, record[field], "not a whole number");
    return null;
  }

  /**
   * An owners range as its midpoint (`20000-50000`, `"10,000 .. 20,000"`), or a single figure as
   * itself; a range with no lower end (`0-20000`) as no figure (below). A negative bound ("-20,000 .. 50,000") or a low end above the high end is the row's
   * problem (review 11 a, item 4): the midpoint would be a made-up figure. So is a field that writes
   * neither a range nor a figure ("lots", "20000-Infinity", "0x10 .. 50,000", "20,000.5 .. 50,000":
   * review r12 a, item 3), which was stored as owners unknown without a word; an empty or placeholder
   * field (`-`, `N/A`) is owners unknown, as before.
   */
  range(record: Record<string, string>, field: string): number | null {
    const raw = record[field];
    const ends = rangeEnds(raw);
    if (!ends) {
      if (isPlaceholder(raw)) return null;
      const odd = oddNumber(raw);
      const n = odd == null ? readNumber(raw) : Number.NaN;
      if (Number.isNaN(n)) {
        this.fail(field, raw, odd ?? "neither a range of figures nor a figure");
        return null;
      }
      return this.checked(field, n, raw);
    }
    const { low, high } = ends;
    if (low > high) {
      this.fail(field, raw, "a range whose low end is above its high end");
      return null;
    }
    if (this.checked(field, low, raw) == null || this.checked(field, high, raw) == null) return null;
    // A range with no lower end ("0 .. 20,000") says only that owners stay below its top: it has no
    // middle, and 10,000 would be a figure the source never gave. No figure; the band itself is kept
    // (parseOwnersBand), where the estimates read it as a cap.
    if (low === 0) return null;
    return Math.round((low + high) / 2);
  }

  /** A figure the importer computed from a field (an owners range's midpoint), checked the same way. */
  checked(field: string, n: number | null, raw: string | undefined = n == null ? undefined : String(n)) {
    if (n == null || Number.isNaN(n)) return null;
    if (isPossibleFigure(n)) return n;
    const reason = !Number.isFinite(n)
      ? "not a finite number"
      : n < 0
        ? "a negative figure"
        : "larger than any real figure";
    this.fail(field, raw, reason);
    return null;
  }

  /**
   * A date written YYYY-MM-DD (or an ISO time, cut to its day), up to the import's day; null when the
   * field writes none or another shape.
   */
  date(record: Record<string, string>, field: string): string | null {
    const raw = record[field]?.trim() ?? "";
    if (!/^\d{4}-\d{2}-\d{2}/.test(raw)) return null;
    if (!isCalendarTime(raw)) {
      this.fail(field, raw, "a date the calendar does not have");
      return null;
    }
    const day = raw.slice(0, 10);
    if (day > this.today) {
      this.fail(field, raw, `a date after today (${this.today})`);
      return null;
    }
    return day;
  }

  /** The row's first problem reported as a skipped row at `line`; true when there was one. */
  reject(summary: ImportSummary, line: number): boolean {
    if (this.problem == null) return false;
    skip(summary, line, this.problem);
    return true;
  }

  private fail(field: string, raw: string | undefined, reason: string) {
    this.problem ??= `invalid ${field} "${raw ?? ""}": ${reason}`;
  }
}

export function parseList(value: string | undefined, separator = ";"): string[] {
  if (!value) return [];
  if (!separator) return value.split(separator).flatMap((v) => v.trim() || []);
  // Cut by hand: split, map and filter made three arrays and a closure call per part, for five lists
  // of every row of an import.
  const out: string[] = [];
  let start = 0;
  for (;;) {
    const at = value.indexOf(separator, start);
    const part = (at === -1 ? value.slice(start) : value.slice(start, at)).trim();
    if (part) out.push(part);
    if (at === -1) return out;
    start = at + separator.length;
  }
}

/** The ends of a range of whole figures as SteamSpy and steam.csv write owners ("20,000 .. 50,000", "0-20000"), as written (either may be negative, or low above high); null when the text is no such range. */
export function rangeEnds(text: string | undefined): { low: number; high: number } | null {
  const m = text?.replace(/,/g, "").match(/^\s*(-?\d+)\s*(?:-|\.\.)\s*(-?\d+)\s*$/);
  return m ? { low: Number(m[1]), high: Number(m[2]) } : null;
}

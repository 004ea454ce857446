import { createReadStream, statSync } from "node:fs";
import { type Readable, Transform } from "node:stream";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";

/**
 * Streams a CSV file (or a gzip-compressed `.csv.gz`) as records with their line numbers, in constant
 * memory, decoding latin-1 or UTF-8 (a BOM is dropped). A progress bar is drawn on a terminal only.
 */
export interface CsvRow {
  line: number;
  record: Record<string, string>;
}

export class ImportInputError extends Error {}

export interface CsvOptions {
  encoding?: "utf8" | "latin1";
  progressLabel?: string;
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
  const raw = createReadStream(path, { highWaterMark: 256 * 1024 });
  let bytes = 0;
  raw.on("data", (chunk) => {
    bytes += (chunk as Buffer).length;
    progress.update(bytes);
  });
  // "latin-1" files from Windows tools are really windows-1252 (0x92 is ’, not a control code);
  // the WHATWG decoder maps the `latin1` label to exactly that.
  const decoder = new TextDecoder(options.encoding === "latin1" ? "windows-1252" : "utf-8");
  // A `.gz` file is decompressed as it streams (the shipped snapshot is stored compressed).
  const input: Readable = path.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  const decoded = input.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        done(null, decoder.decode(chunk, { stream: true }));
      },
      flush(done) {
        done(null, decoder.decode());
      },
    }),
  );
  const parser = decoded.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  try {
    for await (const item of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      yield { line: item.info.lines, record: item.record };
    }
  } finally {
    progress.done();
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
  if (value == null) return null;
  const cleaned = value
    .replace(/,/g, "")
    .replace(/[^\d.eE+-]+$/g, "")
    .replace(/^\$/, "")
    .trim();
  if (cleaned === "" || cleaned === "-" || /^(n\/a|na|tbd|null|none)$/i.test(value.trim())) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

export function parseList(value: string | undefined, separator = ";"): string[] {
  return (value ?? "")
    .split(separator)
    .map((v) => v.trim())
    .filter(Boolean);
}

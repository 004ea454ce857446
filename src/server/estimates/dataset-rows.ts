import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parse } from "csv-parse/sync";
import { parseList, parseNumber } from "../importers/csv-source.ts";
import { GBP_TO_USD_2019 } from "../importers/steam-store.ts";
import { parseTagDict } from "../importers/steamspy.ts";
import type { EstimateInput } from "./features.ts";
import { parseOwnersBand } from "./owner-bands.ts";

/** One row of a dataset that publishes SteamSpy owners bands: what the estimator may see, and the band it must not. */
export interface BandedRow {
  appid: number;
  name: string;
  input: EstimateInput;
  /** SteamSpy's owners band; null when the row has none (empty `owners`). */
  band: { low: number; high: number } | null;
}

/** Reads a whole CSV file (plain or gzip-compressed) into records keyed by header. */
export function readCsvRecords(path: string): Record<string, string>[] {
  return readCsvText(path).records;
}

/** The records with the file's name (without `.gz`) and the SHA-256 of its uncompressed content. */
export function readCsvText(path: string): {
  records: Record<string, string>[];
  name: string;
  sha256: string;
} {
  const raw = readFileSync(path);
  const bytes: Uint8Array = path.endsWith(".gz") ? Bun.gunzipSync(new Uint8Array(raw)) : raw;
  return {
    records: parseCsv(new TextDecoder("utf-8").decode(bytes)),
    name: basename(path).replace(/\.gz$/, ""),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

function parseCsv(text: string): Record<string, string>[] {
  return parse(text, {
    columns: (header: string[]) => header.map((h) => h.trim()),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
}

/** Kaggle "Steam Store Games" steam.csv (May 2019): price in GBP, `;`-separated lists. */
export function steamStoreRow(r: Record<string, string>): BandedRow | null {
  const appid = parseNumber(r.appid);
  if (!appid || !r.name) return null;
  const priceGbp = parseNumber(r.price);
  const year = /^\d{4}/.test(r.release_date ?? "") ? Number(r.release_date!.slice(0, 4)) : null;
  return {
    appid,
    name: r.name,
    input: {
      positiveReviews: parseNumber(r.positive_ratings),
      negativeReviews: parseNumber(r.negative_ratings),
      priceUsd: priceGbp == null ? null : Math.round(priceGbp * GBP_TO_USD_2019 * 100) / 100,
      releaseYear: year,
      genres: parseList(r.genres),
      tags: parseList(r.steamspy_tags),
    },
    band: parseOwnersBand(r.owners),
  };
}

/** SteamSpy `all` / `appdetails` layout: price and initialprice in US cents, `genre` comma-separated, tags a dict. */
export function steamSpyRow(r: Record<string, string>): BandedRow | null {
  const appid = parseNumber(r.appid);
  if (!appid || !r.name) return null;
  // The list price, not today's sale price.
  const cents = parseNumber(r.initialprice) ?? parseNumber(r.price);
  const year = /^\d{4}/.test(r.release_date ?? "") ? Number(r.release_date!.slice(0, 4)) : null;
  const ccu = parseNumber(r.ccu);
  return {
    appid,
    name: r.name,
    input: {
      positiveReviews: parseNumber(r.positive),
      negativeReviews: parseNumber(r.negative),
      priceUsd: cents == null ? null : cents / 100,
      releaseYear: year,
      genres: parseList(r.genre, ","),
      tags: parseTagDict(r.tags),
      // The day's peak of players (`ccu`), as an import of the same row gives the product.
      ...(ccu ? { peakPlayers: ccu } : {}),
    },
    band: parseOwnersBand(r.owners),
  };
}

/** Average playtime per owner who played, in hours (SteamSpy's `average_playtime`/`average_forever`, minutes). */
export function averagePlaytimeHours(r: Record<string, string>): number | null {
  const minutes = parseNumber(r.average_playtime ?? r.average_forever);
  return minutes != null && minutes > 0 ? minutes / 60 : null;
}

/** The numeric fields each layout's rows are estimated from (the owners band is checked apart). */
const NUMERIC_FIELDS = {
  steamspy: ["appid", "positive", "negative", "price", "initialprice", "ccu"],
  "steam-store": ["appid", "positive_ratings", "negative_ratings", "price"],
} as const;

/**
 * Why a field's value can't be read as a count or a price, or null when it can (or is blank: unknown).
 * The importers' parseNumber reads "abc" as unknown and keeps -5, so a malformed row was estimated as
 * if it had no reviews and scored in the 0–9 bucket, with nothing said.
 */
function unreadable(value: string | undefined): string | null {
  const text = value?.trim().replace(/,/g, "") ?? "";
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return null;
  return /^-\d+(\.\d+)?$/.test(text) ? "below 0" : "not a number";
}

export interface DatasetRows {
  layout: keyof typeof NUMERIC_FIELDS;
  rows: BandedRow[];
  /** Rows left out: a numeric field that can't be read, or no appid or name. */
  skipped: number;
  /** "positive not a number" → rows, for each field and reason that skipped a row. */
  problems: Map<string, number>;
}

/**
 * The rows of a back-test file that can be estimated, and what was left out and why: a row with a
 * count or price that can't be read is skipped and counted, never estimated as unknown or 0.
 */
export function readDatasetRows(records: Record<string, string>[]): DatasetRows {
  // SteamSpy's layout has `positive`/`negative`; the Steam Store Games layout `positive_ratings`.
  const layout = records[0] && "positive_ratings" in records[0] ? "steam-store" : "steamspy";
  const toRow = layout === "steam-store" ? steamStoreRow : steamSpyRow;
  const rows: BandedRow[] = [];
  const problems = new Map<string, number>();
  let skipped = 0;
  for (const r of records) {
    const found = NUMERIC_FIELDS[layout].flatMap((f) => {
      const why = unreadable(r[f]);
      return why ? [`${f} ${why}`] : [];
    });
    // An owners value that is given but is no band ("lots") is unreadable too, not a row without one.
    if (r.owners?.trim() && !parseOwnersBand(r.owners)) found.push("owners not a band");
    const row = found.length ? null : toRow(r);
    if (!row) {
      skipped++;
      for (const p of found.length ? found : ["no appid or name"])
        problems.set(p, (problems.get(p) ?? 0) + 1);
      continue;
    }
    rows.push(row);
  }
  return { layout, rows, skipped, problems };
}

/** "2 rows skipped (positive not a number: 1, negative below 0: 1)"; "" when none was. */
export function describeSkipped(read: DatasetRows): string {
  if (read.skipped === 0) return "";
  const why = [...read.problems].map(([p, n]) => `${p}: ${n}`).join(", ");
  return `${read.skipped} row${read.skipped === 1 ? "" : "s"} skipped (${why})`;
}

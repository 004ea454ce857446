/**
 * CSV as every export of the app writes it (issue 10): RFC 4180 — comma separated, CRLF line ends,
 * a field quoted when it holds a comma, quote, CR or LF, quotes doubled — UTF-8 with a header row.
 * Numbers are written unformatted (no thousands separators, a dot for decimals); times as ISO 8601.
 * The server streams exports with it and the client builds chart and table downloads with it.
 *
 * Text from outside (a game's name on Steam, a publisher, a tag) that a spreadsheet program would
 * read as a formula — it starts with `=`, `+`, `-`, `@`, a tab or a carriage return — is written with
 * a leading apostrophe, as OWASP advises against CSV injection: `=HYPERLINK(…)` as a game's name
 * stays text when a studio opens the export, and `-KLAUS-` shows as itself instead of `#NAME?`.
 * Numbers are never changed (they are written as numbers, sign included), nor is text that is only a
 * signed number ("-3.2%").
 */
export type CsvValue = string | number | boolean | null | undefined | Date | readonly string[];

/** The first characters that make a spreadsheet cell a formula (or a DDE call). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A signed number written as text ("-12.5", "-3.2%", "+4e3"): digits only after the sign, so no formula
 * can hide in it, and a spreadsheet reads it as the number it is. Not guarded.
 */
const SIGNED_NUMBER = /^[+-](?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?%?$/i;

export function csvField(value: CsvValue): string {
  if (value == null) return "";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value)) text = value.join("; ");
  else if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else text = String(value);
  if (typeof value !== "number" && FORMULA_START.test(text) && !SIGNED_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvRow(header) + rows.map(csvRow).join("");
}

/** A header cell with its unit: `price (USD)`; a unitless column keeps its bare name. */
export function headerWithUnit(name: string, unit: string | null | undefined): string {
  return unit ? `${name} (${unit})` : name;
}

/**
 * A file name from free text: letters and digits of any script, dots, dashes, underscores and "="
 * only, so a company named in another script keeps its name ("乐客游戏_games.csv", "кико-studio_games.csv")
 * as its slug does, instead of every such export sharing "_games.csv" (review 11 a, item 7).
 */
export function csvFileName(...parts: string[]): string {
  return fileName(parts, /[^\p{L}\p{M}\p{N}._=-]+/gu);
}

/** A file name of ASCII letters and digits, dots, dashes, underscores and "=" only (a header's `filename=`). */
export function asciiCsvFileName(...parts: string[]): string {
  return fileName(parts, /[^A-Za-z0-9._=-]+/g);
}

function fileName(parts: string[], other: RegExp): string {
  let stem = parts
    .filter(Boolean)
    .join("_")
    .normalize("NFC")
    .replace(other, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 150);
  // Not half a character at the cut.
  if (/[\uD800-\uDBFF]$/.test(stem)) stem = stem.slice(0, -1);
  return `${stem || "export"}.csv`;
}

import { basename } from "node:path";
import { ImportInputError } from "./csv-source.ts";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * The date a file's name states (`as_at_22_Dec_2016`, `2016-12-22`), as UTC midnight; null when none,
 * or when it is a day after `now`'s.
 */
export function dateInFileName(name: string, now: Date = new Date()): Date | null {
  const words = /(\d{1,2})[_ -]([A-Za-z]{3})[a-z]*[_ -](\d{4})/.exec(name);
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(name);
  const month = words ? MONTHS.indexOf(words[2]!.toLowerCase()) : -1;
  const [y, m, d] =
    month >= 0
      ? [Number(words![3]), month, Number(words![1])]
      : iso
        ? [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])]
        : [0, -1, 0];
  const date = new Date(Date.UTC(y, m, d));
  // A day the calendar has (not 31 Feb) and not after today.
  return m >= 0 && date.getUTCDate() === d && date.getUTCMonth() === m && date.getTime() <= now.getTime()
    ? date
    : null;
}

/**
 * The years a file's name states without a day (`steamspy_top1000_2023_tags.csv`: 2023): four digits
 * after a separator or the name's start, not part of a word or a longer number (`top2000`, `120231`).
 */
export function yearsInFileName(name: string): number[] {
  return [...name.matchAll(/(?<![\dA-Za-z])(19[7-9]\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1]));
}

/**
 * What a file that carries no date of its own says of its time when the command gives no `--as-of`:
 * its name's date (taken, as VGChartz's `…_as_at_22_Dec_2016.csv`); a year other than the current one
 * and no day (`…_2023_…`) refuses the import, for the figures would be dated today; no date at all
 * goes on, with a warning that says so and how to give the date.
 */
export type FileDating =
  | { kind: "named"; date: Date }
  | { kind: "refused"; message: string }
  | { kind: "undated"; warning: string };

export function fileDating(path: string, now: Date, undatedMeans: string): FileDating {
  const name = basename(path);
  const date = dateInFileName(name, now);
  if (date) return { kind: "named", date };
  const other = yearsInFileName(name).find((year) => year !== now.getUTCFullYear());
  if (other != null) {
    return {
      kind: "refused",
      message: `${name}: its name says ${other} but no day, and its figures would be ${undatedMeans}; pass --as-of YYYY-MM-DD (the day the file was taken)`,
    };
  }
  return {
    kind: "undated",
    warning: `warning: ${name} names no date, so its figures are ${undatedMeans}; give --as-of YYYY-MM-DD, the day it was taken, if you know it`,
  };
}

/** The importers whose file may carry no date of its own, and what such a file becomes undated. */
const UNDATED_MEANS = {
  "steamspy-csv": "dated today (the day of the import)",
  "vgsales-csv": "kept undated (and any critic scores it gives dated today)",
} as const;

export type DatedImporter = keyof typeof UNDATED_MEANS;

/**
 * How a file of `kind` is dated when the command gives no `--as-of` (review r18c, item 1): by a date
 * in its name; refused when its name gives a year other than `now`'s and no day; else the import
 * goes on as `UNDATED_MEANS` says, with a warning. Null for importers whose rows carry their dates.
 */
export function datingWithoutAsOf(kind: string, path: string, now = new Date()): FileDating | null {
  const means = UNDATED_MEANS[kind as DatedImporter] as string | undefined;
  return means ? fileDating(path, now, means) : null;
}

/**
 * The importer's own check of a file given without `asOf`, so no caller can import around the
 * refusal: the date its name states, null when it states none, and an `ImportInputError` (before
 * anything is written) when its name gives another year and no day.
 */
export function nameDateOrRefuse(kind: DatedImporter, path: string, now: Date): Date | null {
  const dating = fileDating(path, now, UNDATED_MEANS[kind]);
  if (dating.kind === "refused") throw new ImportInputError(dating.message);
  return dating.kind === "named" ? dating.date : null;
}

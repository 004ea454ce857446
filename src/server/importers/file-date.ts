import { basename } from "node:path";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The date a file's name states (`as_at_22_Dec_2016`, `2016-12-22`), as UTC midnight; null when none. */
export function dateInFileName(name: string): Date | null {
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
  return m >= 0 && date.getUTCDate() === d && date.getUTCMonth() === m && date.getTime() <= Date.now()
    ? date
    : null;
}

/** The years a file's name states without a day (`steamspy_top1000_2023_tags.csv`: 2023). */
export function yearsInFileName(name: string): number[] {
  return [...name.matchAll(/(?<!\d)(19[7-9]\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1]));
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
  const date = dateInFileName(name);
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

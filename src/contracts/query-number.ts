import { z } from "zod";

/**
 * A number in a query string, as a person writes one: digits with an optional decimal part and an
 * optional minus (so `-5` is told "At least 0" rather than that it is no number). JavaScript's
 * `Number()`, which `z.coerce.number()` calls, also reads `0x10` as 16, `+5` as 5, `1e-400` as 0 and
 * `1e400` as Infinity: none of those is how anyone writes a price or a page, and `1e-400` as a
 * minimum price of 0 quietly dropped every game without a price. Anything else reaches the schema
 * as NaN and gets the schema's own message, which names what is wanted.
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export function fromQuery<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    return PLAIN_DECIMAL.test(text) ? Number(text) : Number.NaN;
  }, schema);
}

/**
 * A page number or size: a whole number, in words a person reads rather than zod's "received NaN".
 * Every way to miss it (not a number, not whole, 1e20 past what a double holds whole, below or above
 * the range) is told the one full message, "A whole number from 1 to 50": 0 and 51 were told a terse
 * "From 1" and "At most 50" while 1.5 got the full sentence (review r28-a #8). A value that is not
 * whole stops there (`abort`), so it is not told the same thing twice (review r27-b #4).
 */
export const wholeNumber = (from: number, to?: number) => {
  const message = `A whole number ${to == null ? `from ${from}` : `from ${from} to ${to}`}`;
  const n = z.number({ message }).int({ message, abort: true }).min(from, { message });
  return fromQuery(to == null ? n : n.max(to, { message }));
};

/**
 * A limit that is capped rather than refused (issue 4: search's "`limit` capped", review r33-c #9): a
 * whole number from `from`; one above `to` reads as `to`. Not a number, not whole, or below `from` is
 * still refused, told the range it may take.
 */
export const cappedWholeNumber = (from: number, to: number) => {
  const message = `A whole number from ${from} (above ${to} gives ${to})`;
  const n = z.number({ message }).int({ message, abort: true }).min(from, { message });
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (!PLAIN_DECIMAL.test(text)) return Number.NaN;
    const x = Number(text);
    return Number.isInteger(x) && x > to ? to : x;
  }, n);
};

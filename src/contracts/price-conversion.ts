/**
 * A price the catalog holds in USD that its source published in another currency (the Steam Store
 * Games dataset gives GBP prices; the catalog stores them converted at a fixed rate). The screens and
 * the CSV files show the conversion beside the dollar figure: "$5.07 · converted from £3.99 at 1.27
 * USD/GBP, May 2019". Zod-free, so the screens can import it.
 */
export interface PriceConversion {
  /** The price as the source published it, in `currency`. */
  original: number;
  /** ISO 4217 code of the source's currency ("GBP"). */
  currency: string;
  /** USD per one unit of `currency`. */
  rate: number;
  /** When the rate is taken from ("May 2019": the month's average). */
  rateAsOf: string;
  /** The source of the price, as a person reads it. */
  source: string;
}

/** Rows that may carry a converted price: absent or null when the price is the source's own USD figure. */
export interface WithPriceConversion {
  priceConversion?: PriceConversion | null;
}

const SYMBOLS: Record<string, string> = { GBP: "£", EUR: "€" };

/** "£3.99": the source's price in its own currency. */
export function originalPriceText(c: PriceConversion): string {
  const symbol = SYMBOLS[c.currency];
  const amount = c.original.toFixed(2);
  return symbol ? `${symbol}${amount}` : `${amount} ${c.currency}`;
}

/** "converted from £3.99 at 1.27 USD/GBP, May 2019". */
export function conversionText(c: PriceConversion): string {
  return `converted from ${originalPriceText(c)} at ${c.rate} USD/${c.currency}, ${c.rateAsOf}`;
}

/**
 * The note under a table whose rows include converted prices: "Prices marked * are converted from GBP
 * at 1.27 USD/GBP (May 2019) by the catalog; Steam Store Games gives them in GBP." One sentence per
 * source and rate.
 */
export function convertedPricesNote(
  conversions: ReadonlyArray<PriceConversion | null | undefined>,
): string | null {
  const seen = new Map<string, PriceConversion>();
  for (const c of conversions) if (c) seen.set(`${c.source}|${c.currency}|${c.rate}|${c.rateAsOf}`, c);
  if (seen.size === 0) return null;
  const parts = [...seen.values()].map(
    (c) =>
      `${c.source} gives its prices in ${c.currency}: converted at ${c.rate} USD/${c.currency} (${c.rateAsOf})`,
  );
  return `${CONVERTED_MARK} Not a US store price. ${parts.join("; ")}.`;
}

/** The mark after a converted price in a table cell. */
export const CONVERTED_MARK = "*";

/**
 * The CSV columns after a price column: for a converted price, the source's own price, its currency
 * and the rate (USD per unit); empty for prices the source gave in USD.
 */
export const CONVERSION_CSV_HEADERS = [
  "priceConvertedFrom (source currency)",
  "priceConvertedFromCurrency",
  "priceConversionRate (USD per unit)",
] as const;

/** A row's cells under CONVERSION_CSV_HEADERS. */
export function conversionCsvCells(c: PriceConversion | null | undefined): Array<number | string | null> {
  return c ? [c.original, c.currency, c.rate] : [null, null, null];
}

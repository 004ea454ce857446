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

/** How a source's prices are converted, without any one price: the currency, rate and source. */
export type PriceConversionRate = Omit<PriceConversion, "original">;

/**
 * The one wording of a conversion, for a price ("converted from £3.99 at 1.27 USD/GBP, May 2019": the
 * cards, the game page) or, without its `original`, for a source's prices ("converted from GBP at
 * 1.27 USD/GBP, May 2019": the notes under tables and charts).
 */
export function conversionText(c: PriceConversionRate & { original?: number }): string {
  const from = c.original == null ? c.currency : originalPriceText({ ...c, original: c.original });
  return `converted from ${from} at ${c.rate} USD/${c.currency}, ${c.rateAsOf}`;
}

/**
 * What a list of converted prices comes from, one clause per source and rate: "Steam Store Games:
 * prices converted from GBP at 1.27 USD/GBP, May 2019"; null when none is converted.
 */
export function convertedPricesText(
  conversions: ReadonlyArray<PriceConversionRate | null | undefined>,
): string | null {
  const seen = new Map<string, PriceConversionRate>();
  for (const c of conversions) if (c) seen.set(`${c.source}|${c.currency}|${c.rate}|${c.rateAsOf}`, c);
  if (seen.size === 0) return null;
  return [...seen.values()]
    .map(
      ({ source, currency, rate, rateAsOf }) =>
        `${source}: prices ${conversionText({ source, currency, rate, rateAsOf })}`,
    )
    .join("; ");
}

/**
 * The note under a table whose rows include converted prices: "* Not a US store price. Steam Store
 * Games: prices converted from GBP at 1.27 USD/GBP, May 2019." (convertedPricesText after the mark).
 */
export function convertedPricesNote(
  conversions: ReadonlyArray<PriceConversionRate | null | undefined>,
): string | null {
  const text = convertedPricesText(conversions);
  return text && `${CONVERTED_MARK} Not a US store price. ${text}.`;
}

/** The mark after a converted price in a table cell. */
export const CONVERTED_MARK = "*";

/**
 * The CSV columns after a price column: for a converted price, the source's own price, its currency
 * and the rate (USD per unit); empty for prices the source gave in USD. Each column's `label` and unit,
 * so a file with a unit column (Compare's) names them as the others do; `name` is the screener API's
 * field, which its CSV (whose headers are its `columns` names) keeps.
 */
export const CONVERSION_CSV_COLUMNS = [
  { name: "priceConvertedFrom", label: "price before conversion", unit: "source currency" },
  { name: "priceConvertedFromCurrency", label: "source currency", unit: "" },
  { name: "priceConversionRate", label: "conversion rate", unit: "USD per unit" },
] as const;

/**
 * The headers of CONVERSION_CSV_COLUMNS as the screens' CSVs write them, readable labels like their
 * other headers (review r29-a #7): "price before conversion (source currency)", "source currency",
 * "conversion rate (USD per unit)".
 */
export const CONVERSION_CSV_HEADERS: readonly string[] = CONVERSION_CSV_COLUMNS.map(({ label, unit }) =>
  unit ? `${label} (${unit})` : label,
);

/** A row's cells under CONVERSION_CSV_HEADERS. */
export function conversionCsvCells(c: PriceConversion | null | undefined): Array<number | string | null> {
  return c ? [c.original, c.currency, c.rate] : [null, null, null];
}

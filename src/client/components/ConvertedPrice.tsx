import {
  CONVERTED_MARK,
  conversionText,
  convertedPricesNote,
  type PriceConversion,
} from "../../contracts/price-conversion.ts";

/**
 * The mark after a price the source gave in another currency, in a table cell: "$5.07*", with the
 * conversion in its title and for screen readers; the table's ConvertedPricesNote explains the mark.
 */
export function ConvertedMark({ conversion }: { conversion: PriceConversion | null | undefined }) {
  if (!conversion) return null;
  const text = conversionText(conversion);
  return (
    <span data-slot="converted-price" title={text}>
      <span aria-hidden="true">{CONVERTED_MARK}</span>
      <span className="sr-only"> ({text})</span>
    </span>
  );
}

/** The note under a table with converted prices among its rows; nothing when there are none. */
export function ConvertedPricesNote({
  conversions,
}: {
  conversions: ReadonlyArray<PriceConversion | null | undefined>;
}) {
  const note = convertedPricesNote(conversions);
  if (!note) return null;
  return (
    <p className="mt-2 text-muted-foreground text-xs" data-testid="converted-prices-note">
      {note}
    </p>
  );
}

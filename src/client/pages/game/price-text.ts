import type { GameDetail, PriceDiscount } from "../../../contracts/game-page.ts";
import type { PriceConversion } from "../../../contracts/price-conversion.ts";
import { formatPrice } from "../../format/numbers.ts";

/**
 * The price a game page shows: the current price, and while it is on sale the discount and the list
 * price its record gave beside it ("$4.99 (75% off $19.99)"). The discount belongs to the catalog's
 * current price: beside another figure (an older point of the series) it is left out.
 */
export function priceText(
  price: number | null | undefined,
  discount: PriceDiscount | null,
  current?: number | null,
): string {
  if (price == null || !discount || (current !== undefined && current !== price)) return formatPrice(price);
  return `${formatPrice(price)} (${discount.percent}% off ${formatPrice(discount.listPrice)})`;
}

/**
 * The conversion behind the price a game page shows (the newest price point's, or the catalog
 * record's when there is none): the source gave GBP, the catalog holds USD (review r18a, item 1).
 */
export function shownPriceConversion(game: GameDetail): PriceConversion | null {
  return game.latest.price ? (game.latest.price.conversion ?? null) : (game.priceConversion ?? null);
}

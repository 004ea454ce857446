/**
 * Trending's order (src/server/catalog/trending.ts): growth against the previous period, counted from
 * −100% up to +500% (`TRENDING_GROWTH_CAP`), times log10(1 + the current players): growth weighted by
 * size, so a small game doubling ranks near a huge game growing a little. Screens listing trending
 * games in that order say so (`TRENDING_ORDER_NOTE`); a list re-sorted by growth says that instead.
 */
export const TRENDING_GROWTH_CAP = 5;
export const TRENDING_ORDER_NOTE = `Ordered by growth weighted by players (growth, counted up to +${TRENDING_GROWTH_CAP * 100}%, times the log of current players), not by growth alone.`;
export const GROWTH_ORDER_NOTE = "Ordered by growth alone, highest first.";
/**
 * Trending considers games with at least this many players in their latest period; the screens'
 * count of trending games says so ("games with 100+ players growing…", review r27-a #7).
 */
export const TRENDING_MIN_PLAYERS = 100;

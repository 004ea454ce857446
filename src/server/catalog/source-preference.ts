/**
 * Which of a figure's points at the same time is the one shown (ADR 007, addendum of review r27):
 * Steam's own API, first hand, before any other source; SteamSpy, which reads Steam's figures and
 * passes them on, after every other; then by source id, so the choice never depends on how a query
 * happens to walk an index. The SteamSpy sync and the Steam sync both date review counts and price
 * by the day, so on every day both ran the two tie: Steam's counts, read minutes later, are shown.
 *
 * An SQL ORDER BY fragment over the column holding the source id, to follow `ts DESC`.
 */
export const sameTimeSourceOrder = (column = "source"): string =>
  `CASE ${column} WHEN 'steam-api' THEN 0 WHEN 'steamspy-api' THEN 2 WHEN 'steamspy-csv' THEN 2 ELSE 1 END, ${column}`;

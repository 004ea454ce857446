/**
 * What a game's rating is, named for what it measures (issue 9 §2: one label per quantity). A Steam
 * game's rating is the share of its user reviews that are positive; a console game's (VGChartz's
 * Metacritic figure, IGDB's aggregated rating) is a critics' score. The two are never one "Rating x/5".
 * Zod-free, for the screens.
 */
export type RatingFigure =
  | {
      kind: "user-reviews";
      /** Percent of the user reviews that are positive, one decimal (88.8). */
      positiveShare: number;
      /** Positive + negative reviews. */
      reviews: number | null;
    }
  | {
      kind: "critics";
      /** The critics' score on its own 0–100 scale, whole, as the screens show it (review r29-a #6). */
      score: number;
      /** The same score divided by 20, one decimal: the analysis item's sentiment rating, out of 5 (spec §3). */
      outOf5: number;
      /** Critics counted in the score, where the source says. */
      critics: number | null;
    };

/** The labels, one each, on every screen and in every CSV header. */
export const RATING_LABELS = {
  "user-reviews": "User reviews",
  critics: "Critic score",
} as const;

/** CSV columns for the two figures (a list holds both kinds of games). */
export const RATING_CSV_HEADERS = {
  "user-reviews": "user reviews (% positive)",
  critics: "critic score (0–100)",
} as const;

/** The positive share of user reviews as every screen writes it: one decimal, "88.8% positive". */
export function positiveShareText(percent: number): string {
  return `${percent.toFixed(1)}% positive`;
}

/** The figure without its label, as the screens write it: "88.8% positive", "97/100". */
export function ratingValueText(rating: RatingFigure): string {
  return rating.kind === "user-reviews" ? positiveShareText(rating.positiveShare) : `${rating.score}/100`;
}

/** The figure with its label, as the screens write it: "User reviews 88.8% positive", "Critic score 97/100". */
export function ratingLabelText(rating: RatingFigure): string {
  return `${RATING_LABELS[rating.kind]} ${ratingValueText(rating)}`;
}

/** The figure's count as a tooltip or note reads it: "1.2M reviews", "66 critics". */
export function ratingCountText(rating: RatingFigure): string | null {
  const n = rating.kind === "user-reviews" ? rating.reviews : rating.critics;
  if (n == null) return null;
  const noun = rating.kind === "user-reviews" ? "review" : "critic";
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}

/** The two CSV cells (user reviews' positive %, critic score 0–100) of one game. */
export function ratingCsvCells(rating: RatingFigure | null | undefined): [number | null, number | null] {
  if (!rating) return [null, null];
  return rating.kind === "user-reviews" ? [rating.positiveShare, null] : [null, rating.score];
}

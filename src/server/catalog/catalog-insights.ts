import type { CatalogInsights } from "../../contracts/data-sources.ts";
import { rawClient } from "../db/client.ts";
import { provenanceOf } from "./provenance.ts";
import { releasesPerYear } from "./release.ts";

/**
 * What the catalog can say without a player history (issue 9 "Every screen makes sense on the
 * snapshot alone"): most-owned games, best-reviewed games, genre sizes and releases per year, from
 * the owner estimates and review counts stored on each game. Dated by the newest owner or review
 * point behind them.
 */
const TOP = 10;
export const MIN_REVIEWS = 5_000;

export async function catalogInsights(): Promise<CatalogInsights> {
  const client = rawClient();
  const [owned, reviewed, genres, years, sources] = await Promise.all([
    client.execute({
      sql: `SELECT id, name, owners_estimate FROM games WHERE owners_estimate > 0
            ORDER BY owners_estimate DESC, positive_reviews DESC LIMIT ?`,
      args: [TOP],
    }),
    client.execute({
      sql: `SELECT id, name, positive_reviews AS p, negative_reviews AS n FROM games
            WHERE positive_reviews + negative_reviews >= ?
            ORDER BY positive_reviews * 1.0 / (positive_reviews + negative_reviews) DESC LIMIT ?`,
      args: [MIN_REVIEWS, TOP],
    }),
    client.execute(
      `SELECT j.value AS genre, count(*) AS games, sum(coalesce(g.owners_estimate, 0)) AS owners
       FROM games g, json_each(g.genres) j GROUP BY j.value ORDER BY owners DESC LIMIT 12`,
    ),
    client.execute(
      `SELECT release_year AS year, count(*) AS games FROM games
       WHERE release_year IS NOT NULL GROUP BY release_year ORDER BY release_year`,
    ),
    client.execute(
      `SELECT source, max(ts) AS ts FROM game_metrics
       WHERE metric IN ('owners', 'reviews_positive') GROUP BY source`,
    ),
  ]);
  const newest = Math.max(0, ...sources.rows.map((r) => Number(r.ts)));
  return {
    mostOwned: owned.rows.map((r) => ({
      gameId: String(r.id),
      name: String(r.name),
      owners: Number(r.owners_estimate),
    })),
    bestReviewed: reviewed.rows.map((r) => ({
      gameId: String(r.id),
      name: String(r.name),
      positiveShare: Math.round((Number(r.p) / (Number(r.p) + Number(r.n))) * 1000) / 10,
      reviews: Number(r.p) + Number(r.n),
    })),
    minReviews: MIN_REVIEWS,
    genres: genres.rows.map((r) => ({
      genre: String(r.genre),
      games: Number(r.games),
      owners: Number(r.owners),
    })),
    releasesPerYear: releasesPerYear(years.rows.map((r) => [Number(r.year), Number(r.games)])),
    provenance: provenanceOf(
      sources.rows.map((r) => String(r.source)),
      newest || null,
      "owner estimates are the midpoints of SteamSpy's owner ranges; review shares from Steam's review counts",
    ),
  };
}

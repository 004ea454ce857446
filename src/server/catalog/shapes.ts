import type { GameSummary } from "../../contracts/games.ts";
import type { RatingFigure } from "../../contracts/rating-figure.ts";
import type { GameRow } from "../db/schema/index.ts";
import { releaseYearOf } from "./release.ts";
import { priceConversionOf } from "./source-names.ts";

/** Turns stored rows into the spec §3 shapes; ratings are answered out of 5, prices in USD. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

export function ratingOutOf5(rating: unknown): number | null {
  const n = typeof rating === "number" ? rating : rating == null ? Number.NaN : Number(rating);
  return Number.isFinite(n) ? Math.round((n / 20) * 10) / 10 : null;
}

/**
 * What a stored rating is: the positive share of the game's user reviews where it has review counts
 * (write.ts keeps `rating` their share; a row whose counts came without it has the share worked out
 * as write.ts does), otherwise a critics' score (0–100), with the same out of 5 for the analyst. Takes a drizzle row
 * (camelCase) or a raw SQL row (snake_case). Game Analysis words its rating from this too.
 */
export function ratingFigureOf(row: Record<string, unknown>): RatingFigure | null {
  const get = (camel: string, snake: string) => (row[camel] !== undefined ? row[camel] : row[snake]);
  const rating = get("rating", "rating");
  const outOf5 = ratingOutOf5(rating);
  const count = (v: unknown) => (v == null || !Number.isFinite(Number(v)) ? 0 : Number(v));
  const positive = count(get("positiveReviews", "positive_reviews"));
  const reviews = positive + count(get("negativeReviews", "negative_reviews"));
  if (reviews > 0) {
    const share = outOf5 == null ? Math.round((positive * 1000) / reviews) / 10 : Number(rating);
    return { kind: "user-reviews", positiveShare: Math.round(share * 10) / 10, reviews };
  }
  if (outOf5 == null) return null;
  const ratingCount = get("ratingCount", "rating_count");
  return {
    kind: "critics",
    // On its own 0–100 scale, whole, as its source gives it (review r29-a #6).
    score: Math.round(Number(rating)),
    outOf5,
    critics: ratingCount == null ? null : Number(ratingCount),
  };
}

export type { GameSummary };

type Rowish = Partial<Record<keyof GameRow | string, unknown>>;

/** Accepts a drizzle row (camelCase) or a raw SQL row (snake_case). */
export function toGameSummary(row: Rowish): GameSummary {
  const get = (camel: string, snake: string) => (row[camel] !== undefined ? row[camel] : row[snake]);
  const platforms = listOf(get("platforms", "platforms"));
  const genres = listOf(get("genres", "genres"));
  const steam = get("steamAppId", "steam_app_id");
  const igdb = get("igdbId", "igdb_id");
  const num = (v: unknown) => (v == null ? null : Number(v));
  // A price the source published in another currency says so (rows read with their price's source).
  const conversion = priceConversionOf(row.price, get("priceSource", "price_source"));
  return {
    id: String(row.id),
    gameId: String(row.id),
    name: String(row.name),
    gameName: String(row.name),
    slug: String(row.slug ?? ""),
    imageUrl: (get("coverUrl", "cover_url") as string | null) ?? null,
    platform: platforms[0] ?? null,
    platforms,
    source: steam != null ? "Steam" : igdb != null ? "IGDB" : null,
    genre: genres[0] ?? null,
    genres,
    price: num(row.price),
    rating: ratingOutOf5(row.rating),
    ratingCount: num(get("ratingCount", "rating_count")),
    ratingFigure: ratingFigureOf(row),
    playerCount: num(get("currentPlayers", "current_players")),
    releaseDate: (get("releaseDate", "release_date") as string | null) ?? null,
    releaseYear: releaseYearOf(get("releaseDate", "release_date"), get("releaseYear", "release_year")),
    developer: (row.developer as string | null) ?? null,
    publisher: (row.publisher as string | null) ?? null,
    summary: (row.summary as string | null) ?? null,
    isDemo: Boolean(get("isDemo", "is_demo")),
    ...(conversion ? { priceConversion: conversion } : {}),
  };
}

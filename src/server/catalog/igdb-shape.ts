import type { IgdbCompany, IgdbGame, IgdbPlatform } from "../../contracts/sources.ts";
import { placeholders, rawClient } from "../db/client.ts";
import { normalizeName } from "./normalize.ts";
import { figureProvenance } from "./player-figures.ts";
import { releaseYearOf } from "./release.ts";
import { listOf } from "./shapes.ts";

/**
 * The games database answers in IGDB's field names (spec §3 "Game (games database)"), from our own
 * catalog, whichever source filled it. Ids of genres and platforms are stable numbers derived from
 * their names, as the catalog stores names.
 */

function nameId(name: string): number {
  let h = 0;
  for (const ch of normalizeName(name)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h;
}

export function toIgdbGame(row: Record<string, unknown>): IgdbGame {
  const companies: IgdbGame["involved_companies"] = [];
  if (row.developer)
    companies.push({
      developer: true,
      publisher: row.publisher === row.developer,
      company: { name: String(row.developer) },
    });
  if (row.publisher && row.publisher !== row.developer)
    companies.push({ developer: false, publisher: true, company: { name: String(row.publisher) } });
  const date = row.release_date ? Date.parse(`${row.release_date}T00:00:00Z`) : Number.NaN;
  const year = releaseYearOf(row.release_date, row.release_year);
  const steam = row.steam_app_id != null ? `https://store.steampowered.com/app/${row.steam_app_id}` : null;
  return {
    id: String(row.id),
    name: String(row.name),
    genres: listOf(row.genres).map((name) => ({ id: nameId(name), name })),
    aggregated_rating: row.rating == null ? null : Number(row.rating),
    aggregated_rating_count: row.rating_count == null ? null : Number(row.rating_count),
    cover: row.cover_url ? { url: String(row.cover_url) } : null,
    first_release_date: Number.isFinite(date) ? Math.floor(date / 1000) : null,
    release_year: year,
    involved_companies: companies,
    platforms: listOf(row.platforms).map((name) => ({ id: nameId(name), name })),
    summary: (row.summary as string | null) ?? null,
    url: (row.website_url as string | null) ?? steam,
    isDemo: Boolean(row.is_demo),
  };
}

/** Each game's figures with their source and time (issue 9 §3). */
async function withProvenance(list: IgdbGame[]): Promise<IgdbGame[]> {
  const provenance = await figureProvenance(list.map((g) => g.id));
  return list.map((g) => ({ ...g, provenance: provenance.get(g.id) ?? null }));
}

export async function popularGames(limit = 20): Promise<IgdbGame[]> {
  const rs = await rawClient().execute({
    sql: "SELECT * FROM games WHERE rating_count IS NOT NULL ORDER BY rating_count DESC LIMIT ?",
    args: [limit],
  });
  return withProvenance(rs.rows.map((r) => toIgdbGame(r as unknown as Record<string, unknown>)));
}

/** Spec §9: recent = released in the past 30 days. */
export async function recentGames(limit = 20, now = new Date()): Promise<IgdbGame[]> {
  const from = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const to = now.toISOString().slice(0, 10);
  const rs = await rawClient().execute({
    sql: "SELECT * FROM games WHERE release_date >= ? AND release_date <= ? ORDER BY release_date DESC, popularity DESC LIMIT ?",
    args: [from, to, limit],
  });
  return withProvenance(rs.rows.map((r) => toIgdbGame(r as unknown as Record<string, unknown>)));
}

export async function gamesByIds(ids: string[]): Promise<IgdbGame[]> {
  if (!ids.length) return [];
  const rs = await rawClient().execute({
    sql: `SELECT * FROM games WHERE id IN (${placeholders(ids.length)})`,
    args: ids,
  });
  const byId = new Map(
    rs.rows.map((r) => [String(r.id), toIgdbGame(r as unknown as Record<string, unknown>)]),
  );
  return withProvenance(ids.map((id) => byId.get(id)).filter((g): g is IgdbGame => !!g));
}

export async function listPlatforms(): Promise<IgdbPlatform[]> {
  const rs = await rawClient().execute(
    "SELECT * FROM platforms ORDER BY generation IS NULL, generation DESC, name",
  );
  return rs.rows.map((p) => ({
    id: String(p.id),
    name: String(p.name),
    abbreviation: (p.abbreviation as string | null) ?? null,
    generation: p.generation == null ? null : Number(p.generation),
    summary: (p.summary as string | null) ?? null,
    platform_logo: p.logo_url ? { url: String(p.logo_url) } : null,
  }));
}

export async function listCompanies(): Promise<IgdbCompany[]> {
  const rs = await rawClient().execute(
    "SELECT * FROM companies ORDER BY developed_count + published_count DESC, name LIMIT 60",
  );
  return rs.rows.map((c) => ({
    id: String(c.id),
    name: String(c.name),
    logo: c.logo_url ? { url: String(c.logo_url) } : null,
    start_date: c.start_date ? Math.floor(Date.parse(`${c.start_date}T00:00:00Z`) / 1000) : null,
    description: (c.description as string | null) ?? null,
    developed: Number(c.developed_count),
    published: Number(c.published_count),
  }));
}

/** Games and current players per platform, counted from the catalog. */
export async function platformStats() {
  const rs =
    await rawClient().execute(`SELECT j.value AS platform, count(*) AS games, sum(coalesce(g.current_players, 0)) AS players
                                        FROM games g, json_each(g.platforms) j GROUP BY j.value ORDER BY games DESC LIMIT 20`);
  return rs.rows.map((r) => ({
    platform: String(r.platform),
    games: Number(r.games),
    players: Number(r.players),
  }));
}

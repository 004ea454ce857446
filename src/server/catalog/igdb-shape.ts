import { growthMethod } from "../../contracts/growth-basis.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import type {
  IgdbCompany,
  IgdbGame,
  IgdbPlatform,
  IgdbTrend,
  NewestRelease,
  PlatformStat,
} from "../../contracts/sources.ts";
import { CATALOG_LIST_SOURCE, COMPANY_GAME_IDS_LISTED } from "../../contracts/sources.ts";
import { placeholders, rawClient, readRows } from "../db/client.ts";
import { CatalogIndex, catalogIndex, foldCase } from "./catalog-index.ts";
import { gameFigureSources } from "./figure-sources.ts";
import { keptUntilChange } from "./kept-answers.ts";
import { companyOfCredit, creditCompanies, creditSlugs, normalizeName, slugify } from "./normalize.ts";
import { platformOf } from "./platform-names.ts";
import { provenanceOf } from "./provenance.ts";
import { releaseYearOf } from "./release.ts";
import { catalogReleaseEnd } from "./screener.ts";
import { listOf, ratingFigureOf } from "./shapes.ts";
import { sourceName } from "./source-names.ts";
import { type GameGrowth, getTrendingSnapshot } from "./trending.ts";

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
  // Every company of both credits, once each, as IGDB lists involved companies.
  const companies: IgdbGame["involved_companies"] = [];
  const developers = row.developer ? creditCompanies(String(row.developer)) : [];
  const publishers = row.publisher ? creditCompanies(String(row.publisher)) : [];
  for (const name of developers)
    companies.push({ developer: true, publisher: publishers.includes(name), company: { name } });
  for (const name of publishers)
    if (!developers.includes(name)) companies.push({ developer: false, publisher: true, company: { name } });
  const date = row.release_date ? Date.parse(`${row.release_date}T00:00:00Z`) : Number.NaN;
  const year = releaseYearOf(row.release_date, row.release_year);
  const steam = row.steam_app_id != null ? `https://store.steampowered.com/app/${row.steam_app_id}` : null;
  return {
    id: String(row.id),
    name: String(row.name),
    genres: listOf(row.genres).map((name) => ({ id: nameId(name), name })),
    aggregated_rating: row.rating == null ? null : Number(row.rating),
    aggregated_rating_count: row.rating_count == null ? null : Number(row.rating_count),
    ratingFigure: ratingFigureOf(row),
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

/**
 * Each game's figures with their source and time (issue 9 §3). A game no review, owner, price or
 * score figure describes — a console game known only from a VGChartz file — is described by that
 * file: its record (genre, release year, platforms) is what the card shows, dated as the file states
 * (null when it states no date; the card says "undated"). One read for the whole list.
 */
async function withProvenance(list: IgdbGame[]): Promise<IgdbGame[]> {
  const ids = list.map((g) => g.id);
  const { provenance, sources } = await gameFigureSources(ids);
  const bare = ids.filter((id) => !provenance.has(id));
  const files = await salesFileProvenance(bare);
  return list.map((g) => {
    const file = files.get(g.id);
    return {
      ...g,
      provenance: provenance.get(g.id) ?? file ?? null,
      figureSources: sources.get(g.id) ?? (file ? [file] : []),
    };
  });
}

/** The sales file (`game_sales`) each game's record comes from, at its date: the newest, dated first. */
async function salesFileProvenance(ids: string[]): Promise<Map<string, Provenance>> {
  const out = new Map<string, Provenance>();
  if (ids.length === 0) return out;
  const rows = await readRows(
    `SELECT game_id, source, dataset, max(as_of) AS as_of FROM game_sales
      WHERE game_id IN (SELECT value FROM json_each(?))
      GROUP BY game_id, source, dataset
      ORDER BY game_id, max(as_of) IS NULL, max(as_of) DESC`,
    [JSON.stringify(ids)],
  );
  for (const r of rows) {
    const id = String(r.game_id);
    if (out.has(id)) continue;
    const name = sourceName(String(r.source));
    out.set(id, {
      source: r.dataset == null ? name : `${name} (${String(r.dataset)})`,
      asOf: r.as_of == null ? null : new Date(Number(r.as_of)).toISOString(),
      method: "the game, its genre, platforms and release year as the file lists them",
    });
  }
  return out;
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

/** The sources that give games full release dates and record figures of theirs beside them. */
const DATING_SOURCES = ["steam-store-csv", "steam-api", "demo"] as const;

/**
 * The catalog's newest release date up to today (a later one is announced, not released:
 * `catalogReleaseEnd`, the day the screener's partial year ends on), and the
 * sources of the games released that day: Steam's (the Kaggle snapshot, the store) by their figures'
 * newest time, IGDB's by its last successful sync. Which source wrote a game's date is not stored;
 * these are the sources that date releases and hold those games. For the Recent tab's empty state
 * (report r31-a #5): the catalog's dates may end years before the past 30 days.
 */
export async function newestRelease(): Promise<NewestRelease> {
  // The day the Market Screener's and company pages' partial year ends on, by the same rule.
  const { index, generation } = await catalogIndex();
  const date = catalogReleaseEnd(index, generation);
  if (date == null) return { date: null, provenance: [] };
  const [figures, igdb] = await Promise.all([
    readRows(
      `SELECT m.source, max(m.ts) AS ts FROM games g JOIN game_metrics m ON m.game_id = g.id
       WHERE g.release_date = ? AND m.source IN (${placeholders(DATING_SOURCES.length)})
       GROUP BY m.source ORDER BY max(m.ts) DESC, m.source`,
      [date, ...DATING_SOURCES],
    ),
    readRows(
      `SELECT (SELECT count(*) FROM games WHERE release_date = ? AND igdb_id IS NOT NULL) AS games,
              (SELECT last_success_at FROM source_syncs WHERE source = 'igdb') AS synced`,
      [date],
    ),
  ]);
  const method = (source: string) => `${sourceName(source)}: each game's release date`;
  const provenance = figures.map((r) =>
    provenanceOf(String(r.source), Number(r.ts), method(String(r.source))),
  );
  if (Number(igdb[0]?.games ?? 0) > 0) {
    const synced = igdb[0]?.synced;
    provenance.push(provenanceOf("igdb", synced == null ? null : Number(synced), method("igdb")));
  }
  return { date, provenance };
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

/** How many games the Games Database's Trending tab lists. */
export const IGDB_TRENDING_SIZE = 20;

/**
 * The Games Database's Trending tab (report r25 #1): the Overview's trending games, in its order
 * (growth weighted by players: TRENDING_ORDER_NOTE, which the tab shows), each with the growth it
 * trends on (`trend`): what it compares, and the source and time of the player points it rests on. A
 * game without a growth figure is not trending and is not listed.
 */
export async function trendingGames(limit = IGDB_TRENDING_SIZE): Promise<IgdbGame[]> {
  const snapshot = await getTrendingSnapshot();
  const games = await gamesByIds(snapshot.games.slice(0, limit).map((g) => g.gameId));
  return games.flatMap((g) => {
    const growth = snapshot.growthByGame.get(g.id);
    return growth ? [{ ...g, trend: trendOf(growth) }] : [];
  });
}

function trendOf(g: GameGrowth): IgdbTrend {
  return {
    growth: g.growth,
    growthBasis: g.growthBasis,
    currentAverage: g.currentAverage,
    previousAverage: g.previousAverage,
    ...(g.partial ? { partial: true as const } : {}),
    ...provenanceOf(g.source, g.asOf, growthMethod(g.growthBasis, g.partial)),
    // A monthly series' newest point is its month's mean, dated the 1st: the month, not that day.
    ...(g.growthBasis === "month" ? { asOfPrecision: "month" as const } : {}),
  };
}

/**
 * The Platforms tab (spec §2 platform cards): IGDB's platform records once an IGDB sync stored them;
 * until then the platforms the catalog's games list, one card per platform whichever source spelt it
 * (platform-names.ts), with its number of games (review 6 #13). Each card names where it comes from.
 */
export async function listPlatforms(): Promise<IgdbPlatform[]> {
  const rs = await rawClient().execute(
    "SELECT * FROM platforms ORDER BY generation IS NULL, generation DESC, name",
  );
  if (rs.rows.length === 0) return (await catalogPlatforms()).map(({ key: _, ...p }) => p);
  const counts = new Map((await catalogPlatforms()).map((p) => [p.key, p.games]));
  return rs.rows.map((p) => ({
    id: String(p.id),
    name: String(p.name),
    abbreviation: (p.abbreviation as string | null) ?? null,
    generation: p.generation == null ? null : Number(p.generation),
    summary: (p.summary as string | null) ?? null,
    platform_logo: p.logo_url ? { url: String(p.logo_url) } : null,
    games: counts.get(platformOf(String(p.name)).name) ?? 0,
    provenance: provenanceOf("igdb", p.updated_at == null ? null : Number(p.updated_at)),
  }));
}

/** How a card answered from the catalog says so: the catalog's own sources are named beside it. */
const CATALOG_PLATFORMS = {
  source: CATALOG_LIST_SOURCE,
  asOf: null,
  method: "the platforms the catalog's games list, counted per platform (IGDB has not delivered its records)",
};
const CATALOG_COMPANIES = {
  source: CATALOG_LIST_SOURCE,
  asOf: null,
  method:
    "the developers and publishers the catalog's games name, with their games (IGDB has not delivered its records)",
};

type CatalogPlatform = IgdbPlatform & { key: string; games: number };
let platformsKept: { generation: number; list: CatalogPlatform[] } | undefined;

/** Each platform the catalog's games list, most games first, with the number of games listing it. */
async function catalogPlatforms(): Promise<CatalogPlatform[]> {
  const { index, generation } = await catalogIndex();
  if (platformsKept?.generation !== generation) platformsKept = { generation, list: countPlatforms(index) };
  return platformsKept.list;
}

function countPlatforms(index: CatalogIndex): CatalogPlatform[] {
  const words = (index.size + 31) >>> 5;
  const groups = new Map<string, { abbreviation: string | null; union: Uint32Array }>();
  for (const { value } of index.facet("platforms")) {
    const set = index.lists.platforms.get(foldCase(value));
    if (!set) continue;
    const platform = platformOf(value);
    let group = groups.get(platform.name);
    if (!group) {
      group = { abbreviation: platform.abbreviation, union: new Uint32Array(words) };
      groups.set(platform.name, group);
    }
    // A game listing two spellings of one platform ("PS4" and "PlayStation 4") counts once.
    for (let w = 0; w < words; w++) group.union[w]! |= set.bits[w]! & index.alive[w]!;
  }
  const list: CatalogPlatform[] = [];
  for (const [name, group] of groups) {
    let games = 0;
    CatalogIndex.forEach(group.union, () => {
      games++;
    });
    list.push({
      key: name,
      id: slugify(name),
      name,
      abbreviation: group.abbreviation,
      generation: null,
      summary: null,
      platform_logo: null,
      games,
      provenance: CATALOG_PLATFORMS,
    });
  }
  return list.sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
}

/**
 * The Companies tab (spec §2 company cards): IGDB's company records once an IGDB sync stored them;
 * until then the developers and publishers the catalog's games name (review 6 #13), each with its games
 * developed and published and its company page (`slug`), the 60 with the most games first.
 */
export async function listCompanies(): Promise<IgdbCompany[]> {
  const rs = await rawClient().execute(
    "SELECT * FROM companies ORDER BY developed_count + published_count DESC, name LIMIT 60",
  );
  if (rs.rows.length === 0) return catalogCompanies();
  const credited = await creditedGames(rs.rows.map((c) => String(c.slug)));
  return rs.rows.map((c) => {
    const games = credited.get(String(c.slug));
    return {
      id: String(c.id),
      name: String(c.name),
      logo: c.logo_url ? { url: String(c.logo_url) } : null,
      start_date: c.start_date ? Math.floor(Date.parse(`${c.start_date}T00:00:00Z`) / 1000) : null,
      description: (c.description as string | null) ?? null,
      developed: listedIds(games?.developed),
      published: listedIds(games?.published),
      // IGDB's counts: IGDB knows games the catalog does not hold.
      developedCount: Number(c.developed_count),
      publishedCount: Number(c.published_count),
      provenance: provenanceOf("igdb", c.updated_at == null ? null : Number(c.updated_at)),
    };
  });
}

const listedIds = (ids: string[] | undefined) => (ids ?? []).slice(0, COMPANY_GAME_IDS_LISTED);

/**
 * The ids of the catalog's games each company (by its page's slug) developed and published: the games
 * whose developer (publisher) credit names it, co-developers and co-publishers too, as its company page
 * reads them (company-page.ts), in the catalog index's order.
 */
async function creditedGames(
  slugs: string[],
): Promise<Map<string, { developed: string[]; published: string[] }>> {
  const { index } = await catalogIndex();
  const idsOf = new Map(slugs.map((slug) => [slug, index.companyGameIds(slug)]));
  const all = [...new Set([...idsOf.values()].flat())];
  const credits = new Map<string, { developer: string | null; publisher: string | null }>();
  if (all.length) {
    const rows = await readRows(
      "SELECT id, developer, publisher FROM games WHERE id IN (SELECT value FROM json_each(?))",
      [JSON.stringify(all)],
    );
    for (const r of rows) {
      credits.set(String(r.id), {
        developer: r.developer == null ? null : String(r.developer),
        publisher: r.publisher == null ? null : String(r.publisher),
      });
    }
  }
  const out = new Map<string, { developed: string[]; published: string[] }>();
  for (const [slug, ids] of idsOf) {
    const games = { developed: [] as string[], published: [] as string[] };
    for (const id of ids) {
      const credit = credits.get(id);
      if (!credit) continue;
      if (companyOfCredit(credit.developer, slug)) games.developed.push(id);
      if (companyOfCredit(credit.publisher, slug)) games.published.push(id);
    }
    out.set(slug, games);
  }
  return out;
}

const COMPANIES_LISTED = 60;

const catalogCompanies = keptUntilChange(
  async (): Promise<IgdbCompany[]> => {
    const rows = await readRows(
      `SELECT developer AS name, 'developed' AS role, count(*) AS games FROM games WHERE developer IS NOT NULL AND developer != '' GROUP BY developer
       UNION ALL
       SELECT publisher, 'published', count(*) FROM games WHERE publisher IS NOT NULL AND publisher != '' GROUP BY publisher`,
    );
    // One company per company page (slugify of the name, as company-page.ts reads them), named as most
    // of its games spell it.
    const bySlug = new Map<string, { developed: number; published: number; names: Map<string, number> }>();
    // A credit counts for each of its companies (co-developers, co-publishers).
    for (const r of rows) {
      const games = Number(r.games);
      for (const [slug, spelling] of creditSlugs(String(r.name))) {
        const company = bySlug.get(slug) ?? { developed: 0, published: 0, names: new Map() };
        if (r.role === "developed") company.developed += games;
        else company.published += games;
        company.names.set(spelling, (company.names.get(spelling) ?? 0) + games);
        bySlug.set(slug, company);
      }
    }
    const listed = [...bySlug]
      .map(([slug, c]) => ({
        slug,
        name: [...c.names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
        games: c.developed + c.published,
      }))
      .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name))
      .slice(0, COMPANIES_LISTED);
    const credited = await creditedGames(listed.map((c) => c.slug));
    return listed.map(({ slug, name }) => {
      const games = credited.get(slug);
      return {
        id: slug,
        slug,
        name,
        logo: null,
        start_date: null,
        description: null,
        developed: listedIds(games?.developed),
        published: listedIds(games?.published),
        developedCount: games?.developed.length ?? 0,
        publishedCount: games?.published.length ?? 0,
        provenance: CATALOG_COMPANIES,
      };
    });
  },
  { catalogOnly: true },
);

/**
 * Games and current players per platform, counted from the catalog (`/api/platforms/stats`), one row
 * per platform whichever source spelt it. Every player count the catalog holds is Steam's (the Steam
 * sync's live counts, SteamCharts' monthly means): Steam measures the players of its own store, a PC
 * store, and does not split them by Windows, Mac or Linux, so they count under PC alone (review 6 #7).
 * No source measures players on a console or on Mac or Linux apart: those platforms answer `players:
 * null` (no data), never the Steam players of games that are also sold there.
 */
export async function platformStats(): Promise<PlatformStat[]> {
  const [platforms, steam, { index }] = await Promise.all([
    catalogPlatforms(),
    steamPlayers(),
    catalogIndex(),
  ]);
  // Each platform's share of the catalog's games, not of the platforms' counts summed (a game on PC,
  // Mac and Linux is in three of them): review r27-a #1.
  const catalogGames = index.live;
  const shareOf = (games: number) => (catalogGames ? Math.round((games / catalogGames) * 1000) / 10 : 0);
  const rows: PlatformStat[] = platforms.map((p) => ({
    platform: p.name,
    games: p.games,
    share: shareOf(p.games),
    catalogGames,
    players: null,
    playerGames: 0,
    provenance: null,
  }));
  if (steam.games > 0) {
    let pc = rows.find((r) => r.platform === STEAM_PLATFORM);
    if (!pc) {
      pc = {
        platform: STEAM_PLATFORM,
        games: 0,
        share: 0,
        catalogGames,
        players: null,
        playerGames: 0,
        provenance: null,
      };
      rows.push(pc);
    }
    Object.assign(pc, { players: steam.players, playerGames: steam.games, provenance: steam.provenance });
  }
  // Every platform (a few dozen at most, one per console generation and store): a list cut at 20 left
  // Wii U, NES, Dreamcast… out of the "no data" note and the games donut's "Other" without saying so
  // (review 7 #13).
  return rows;
}

/** The platform Steam's player counts are measured on. */
const STEAM_PLATFORM = "PC";

/**
 * The sum of every game's latest (Steam) player count, the games counted, and their sources. Summed
 * before rounding, as Market Activity sums the same monthly means: the rows' whole numbers added up
 * to 5,747,592 where the overview and the report read 5,747,588 for the same games and month.
 */
async function steamPlayers(): Promise<{ players: number; games: number; provenance: Provenance | null }> {
  const [{ players, games }, provenance] = await Promise.all([latestPlayersSum(), steamPlayerProvenance()]);
  return { players, games, provenance: games > 0 ? provenance : null };
}

/**
 * The games whose row carries a latest count, each at its unrounded latest figure, summed in the
 * catalog index's memory (one pass over a column), not by a query per game after every catalog change
 * (review 19, item 6).
 */
async function latestPlayersSum(): Promise<{ players: number; games: number }> {
  const { index } = await catalogIndex();
  const latest = index.col.latestPlayers;
  let sum = 0;
  let games = 0;
  for (const s of index.liveSlots()) {
    const v = latest[s]!;
    if (Number.isNaN(v)) continue;
    sum += v;
    games++;
  }
  return { players: Math.round(sum), games };
}

const steamPlayerProvenance = keptUntilChange(
  async (): Promise<Provenance | null> => {
    const rows = await readRows(
      "SELECT source, max(last_ts) AS ts FROM player_days WHERE metric = 'players' GROUP BY source ORDER BY source",
    );
    if (rows.length === 0) return null;
    return provenanceOf(
      rows.map((r) => String(r.source)),
      Math.max(...rows.map((r) => Number(r.ts))),
      "sum of each game's latest player count on Steam, a PC store (Steam does not split players by Windows, Mac or Linux)",
    );
  },
  { catalogOnly: true },
);

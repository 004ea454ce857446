import type {
  PlatformCriticScore,
  PublishedPlatformSales,
  PublishedSales,
  SalesRegionGaps,
  SalesRegions,
} from "../../contracts/game-page.ts";
import type { CompanyGame, CompanyPage } from "../../contracts/market.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { readRows } from "../db/client.ts";
import { companyOfCredit } from "./normalize.ts";
import { figureMethod, sourceName } from "./source-names.ts";

/**
 * Whether a credit names the company of a page's slug: the rule by which a company page holds a game
 * (one of its developers or publishers through `slugify`) and counts a sales row (that row's own companies).
 */
const namesCompany = (credit: string | null | undefined, slug: string) =>
  companyOfCredit(credit, slug) != null;

/**
 * Units sold as the VGChartz datasets published them (`game_sales`, imported by `vgsales-csv`): per
 * game and platform, with the regions the file gives, the file and its date. These are published
 * figures, answered apart from the Steam-based estimates (src/server/estimates) and never added to them.
 */

/** The datasets publish millions to two decimals: whole units, without the float's tail (82.74 → 82,740,000). */
const units = (millions: unknown): number | null =>
  millions == null || millions === "" ? null : Math.round(Number(millions) * 1_000_000);

const PUBLISHED_SALES_METHOD =
  "Units sold as the dataset publishes them (millions, to two decimals), summed over platforms; not an estimate";

const COMPANY_SALES_METHOD =
  "Units sold as the dataset publishes them (millions, to two decimals), summed over the rows that name " +
  "the company as publisher or developer (a row naming no developer counts for its game's); not an estimate";

const sourceOf = (dataset: unknown) =>
  dataset == null ? sourceName("vgsales-csv") : `${sourceName("vgsales-csv")} (${String(dataset)})`;
const asOfOf = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());

/**
 * Sums of each region over the parts that give it, and how many parts do not (rows of the Dec 2016 file,
 * which has no Other column): a region is null only when no part gives it, so the regions add up to the
 * total as far as the files allow and the gap is counted rather than blanking the whole region.
 */
export function sumRegions(parts: SalesRegions[]): { regions: SalesRegions; notGiven: SalesRegionGaps } {
  const keys = ["northAmerica", "europe", "japan", "other"] as const;
  const regions = {} as SalesRegions;
  const notGiven = {} as SalesRegionGaps;
  for (const key of keys) {
    const given = parts.filter((p) => p[key] != null);
    regions[key] = given.length ? given.reduce((s, p) => s + p[key]!, 0) : null;
    notGiven[key] = parts.length - given.length;
  }
  return { regions, notGiven };
}

/** One provenance per (file, date), newest first: the datasets the figures come from. */
function provenanceOf(
  rows: Array<{ source: string; asOf: string | null }>,
  method = PUBLISHED_SALES_METHOD,
): Provenance[] {
  const seen = new Map<string, Provenance>();
  for (const r of rows) {
    const key = `${r.source}|${r.asOf}`;
    if (!seen.has(key)) seen.set(key, { source: r.source, asOf: r.asOf, method });
  }
  return [...seen.values()].sort((a, b) => (b.asOf ?? "").localeCompare(a.asOf ?? ""));
}

interface SalesRow extends PublishedPlatformSales {
  gameId: string;
  /** The row's own companies, as its file names them; null where it names none. */
  publisher: string | null;
  developer: string | null;
  /** False for a row stored before the importer kept each row's companies (migration 0027). */
  companiesRecorded: boolean;
}

const SALES_COLUMNS = `game_id, platform, year, na_sales, eu_sales, jp_sales, other_sales, global_sales, dataset,
  as_of, publisher, developer, companies_recorded`;

/** The sales rows of these games, each game's largest platform first. */
async function salesRowsOf(gameIds: string[]): Promise<SalesRow[]> {
  if (gameIds.length === 0) return [];
  const rows = await readRows(
    `SELECT ${SALES_COLUMNS} FROM game_sales WHERE game_id IN (SELECT value FROM json_each(?))
       ORDER BY game_id, global_sales DESC, platform`,
    [JSON.stringify(gameIds)],
  );
  return rows.map(salesRow);
}

/**
 * The rows of other games whose own publisher or developer holds one of these names (any case): rows a
 * company published or developed, merged into a game listed under another company. A credit may name
 * several companies ("Kojima Productions, Moby Dick Studio"), so the text is matched inside it here and
 * the caller keeps the rows whose split credit names the company (`namesCompany`).
 */
async function rowsNamingOutside(names: string[], gameIds: string[]): Promise<SalesRow[]> {
  if (names.length === 0) return [];
  const rows = await readRows(
    `SELECT ${SALES_COLUMNS} FROM game_sales
      WHERE companies_recorded = 1
        AND EXISTS (SELECT 1 FROM json_each(?1) n
          WHERE instr(lower(publisher), lower(n.value)) > 0 OR instr(lower(developer), lower(n.value)) > 0)
        AND game_id NOT IN (SELECT value FROM json_each(?2))
      ORDER BY game_id, global_sales DESC, platform`,
    [JSON.stringify(names), JSON.stringify(gameIds)],
  );
  return rows.map(salesRow);
}

function salesRow(r: Record<string, unknown>): SalesRow {
  return {
    gameId: String(r.game_id),
    platform: String(r.platform),
    year: r.year == null ? null : Number(r.year),
    units: units(r.global_sales) ?? 0,
    regions: {
      northAmerica: units(r.na_sales),
      europe: units(r.eu_sales),
      japan: units(r.jp_sales),
      other: units(r.other_sales),
    },
    source: sourceOf(r.dataset),
    asOf: asOfOf(r.as_of),
    publisher: r.publisher == null ? null : String(r.publisher),
    developer: r.developer == null ? null : String(r.developer),
    companiesRecorded: Number(r.companies_recorded) === 1,
  };
}

const platformOf = (r: SalesRow): PublishedPlatformSales => ({
  platform: r.platform,
  year: r.year,
  units: r.units,
  regions: r.regions,
  source: r.source,
  asOf: r.asOf,
});

/**
 * An entry's critic score on each of its platforms, as the sales dataset carries them (Metacritic's
 * 0–100 score and count of critics), largest platform first; empty for an entry of one platform or
 * none scored. A grouped console entry's rating is one platform's row (review r29-a #6: Terraria's
 * "4.1/5 (39 critics)" was the X360's 81): its page names each platform's.
 */
export async function platformCriticScoresOf(gameId: string): Promise<PlatformCriticScore[]> {
  const rows = await readRows(
    `SELECT platform, critic_score, critic_count, dataset, as_of FROM game_sales
      WHERE game_id = ? AND critic_score IS NOT NULL
        AND (SELECT count(*) FROM game_sales s WHERE s.game_id = game_sales.game_id) > 1
      ORDER BY global_sales DESC, platform`,
    [gameId],
  );
  return rows.map((r) => ({
    platform: String(r.platform),
    score: Number(r.critic_score),
    critics: r.critic_count == null ? null : Number(r.critic_count),
    source: sourceOf(r.dataset),
    asOf: asOfOf(r.as_of),
    ...(figureMethod("vgsales-csv", "critic_score")
      ? { method: figureMethod("vgsales-csv", "critic_score") }
      : {}),
  }));
}

/**
 * Each game's published sales, by game id; games without any are absent. Every row of the game, whoever
 * published it: this is the game's figure (its page), not a company's.
 */
export async function publishedSalesOf(gameIds: string[]): Promise<Map<string, PublishedSales>> {
  const platformsOf = new Map<string, PublishedPlatformSales[]>();
  for (const r of await salesRowsOf(gameIds)) {
    platformsOf.set(r.gameId, [...(platformsOf.get(r.gameId) ?? []), platformOf(r)]);
  }
  const out = new Map<string, PublishedSales>();
  for (const [id, platforms] of platformsOf) {
    const { regions, notGiven } = sumRegions(platforms.map((p) => p.regions));
    out.set(id, {
      units: platforms.reduce((s, p) => s + p.units, 0),
      regions,
      regionsNotGiven: notGiven,
      platforms,
      provenance: provenanceOf(platforms),
    });
  }
  return out;
}

/** The note of a company total that counts rows stored before each row's companies were kept. */
const rowsBeforeCompaniesNote = (n: number) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"} from before the sales file recorded each row's publisher: re-import it to attribute ${n === 1 ? "it" : "them"}`;

/**
 * A company's published units (review 8, item 7). Games of one name merge, so a game can hold rows of
 * other publishers (Capcom's Genesis Super Street Fighter II in the Nintendo game, a row whose publisher
 * is "Unknown"): a company counts the rows that name it — their own publisher, or their own developer
 * (the game's developer where the file names none: vgsales.csv has no Developer column), matched as the
 * page matches games (`namesCompany`). Rows of other games that name it count too (a Nintendo release merged
 * into a game listed under its other publisher), and the total says in how many games. A row stored before
 * the importer kept its companies counts by its game, as before, and the total says how many such rows it
 * holds, so it is never silently wrong.
 */
export async function companyPublishedSales(
  slug: string,
  games: Array<Pick<CompanyGame, "id" | "role">>,
  /** The company's names as its games write them: rows of other games naming it are found by them. */
  names: string[],
): Promise<{ perGame: Map<string, number>; total: CompanyPage["totals"]["publishedSales"] }> {
  const roleOf = new Map(games.map((g) => [g.id, g.role]));
  const ids = games.map((g) => g.id);
  const [own, outside] = await Promise.all([salesRowsOf(ids), rowsNamingOutside(names, ids)]);
  const counted = own.filter((r) => {
    if (!r.companiesRecorded) return true;
    const role = roleOf.get(r.gameId);
    return (
      namesCompany(r.publisher, slug) ||
      (r.developer != null ? namesCompany(r.developer, slug) : role !== "publisher")
    );
  });
  const elsewhere = outside.filter((r) => namesCompany(r.publisher, slug) || namesCompany(r.developer, slug));
  const perGame = new Map<string, number>();
  for (const r of counted) perGame.set(r.gameId, (perGame.get(r.gameId) ?? 0) + r.units);
  const all = [...counted, ...elsewhere];
  if (all.length === 0) return { perGame, total: null };
  const unattributed = counted.filter((r) => !r.companiesRecorded).length;
  const { regions, notGiven } = sumRegions(all.map((r) => r.regions));
  return {
    perGame,
    total: {
      games: perGame.size,
      otherGames: new Set(elsewhere.map((r) => r.gameId)).size,
      units: all.reduce((s, r) => s + r.units, 0),
      regions,
      regionsNotGiven: notGiven,
      provenance: provenanceOf(all, COMPANY_SALES_METHOD),
      rowsBeforeCompanies: unattributed,
      note: unattributed > 0 ? rowsBeforeCompaniesNote(unattributed) : null,
    },
  };
}

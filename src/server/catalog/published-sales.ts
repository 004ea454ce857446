import type { PublishedPlatformSales, PublishedSales, SalesRegions } from "../../contracts/game-page.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { readRows } from "../db/client.ts";
import { sourceName } from "./source-names.ts";

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

const sourceOf = (dataset: unknown) =>
  dataset == null ? sourceName("vgsales-csv") : `${sourceName("vgsales-csv")} (${String(dataset)})`;
const asOfOf = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());

/** Sums of each region; a region is null unless every part gives it. */
function sumRegions(parts: SalesRegions[]): SalesRegions {
  const sum = (key: keyof SalesRegions) =>
    parts.every((p) => p[key] != null) ? parts.reduce((s, p) => s + p[key]!, 0) : null;
  return {
    northAmerica: sum("northAmerica"),
    europe: sum("europe"),
    japan: sum("japan"),
    other: sum("other"),
  };
}

/** One provenance per (file, date), newest first: the datasets the figures come from. */
function provenanceOf(rows: Array<{ source: string; asOf: string | null }>): Provenance[] {
  const seen = new Map<string, Provenance>();
  for (const r of rows) {
    const key = `${r.source}|${r.asOf}`;
    if (!seen.has(key)) seen.set(key, { source: r.source, asOf: r.asOf, method: PUBLISHED_SALES_METHOD });
  }
  return [...seen.values()].sort((a, b) => (b.asOf ?? "").localeCompare(a.asOf ?? ""));
}

/** Each game's published sales, by game id; games without any are absent. */
export async function publishedSalesOf(gameIds: string[]): Promise<Map<string, PublishedSales>> {
  const out = new Map<string, PublishedSales>();
  if (gameIds.length === 0) return out;
  const rows = await readRows(
    `SELECT game_id, platform, year, na_sales, eu_sales, jp_sales, other_sales, global_sales, dataset, as_of
       FROM game_sales WHERE game_id IN (SELECT value FROM json_each(?))
       ORDER BY game_id, global_sales DESC, platform`,
    [JSON.stringify(gameIds)],
  );
  const platformsOf = new Map<string, PublishedPlatformSales[]>();
  for (const r of rows) {
    const id = String(r.game_id);
    const list = platformsOf.get(id) ?? [];
    list.push({
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
    });
    platformsOf.set(id, list);
  }
  for (const [id, platforms] of platformsOf) {
    out.set(id, {
      units: platforms.reduce((s, p) => s + p.units, 0),
      regions: sumRegions(platforms.map((p) => p.regions)),
      platforms,
      provenance: provenanceOf(platforms),
    });
  }
  return out;
}

/** One game's published sales; null when the catalog holds none. */
export async function gamePublishedSales(gameId: string): Promise<PublishedSales | null> {
  return (await publishedSalesOf([gameId])).get(gameId) ?? null;
}

/** The published sales of a set of games added up: how many games have any, their units and regions. */
export function totalPublishedSales(
  sales: Iterable<PublishedSales>,
): { games: number; units: number; regions: SalesRegions; provenance: Provenance[] } | null {
  const list = [...sales];
  if (list.length === 0) return null;
  return {
    games: list.length,
    units: list.reduce((s, g) => s + g.units, 0),
    regions: sumRegions(list.map((g) => g.regions)),
    provenance: provenanceOf(list.flatMap((g) => g.platforms)),
  };
}

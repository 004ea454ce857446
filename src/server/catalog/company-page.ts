import type { CompanyGame, CompanyPage } from "../../contracts/market.ts";
import { placeholders, readRows } from "../db/client.ts";
import { MODEL_VERSION, OF_CURRENT_MODEL } from "../estimates/coefficients.ts";
import type { EstimateInput } from "../estimates/features.ts";
import { modelCovers } from "../estimates/model.ts";
import { catalogIndex } from "./catalog-index.ts";
import { slugify } from "./normalize.ts";
import { publishedSalesOf, totalPublishedSales } from "./published-sales.ts";
import { releaseKey, releaseYearOf } from "./release.ts";
import { catalogProvenance } from "./screener.ts";
import { listOf } from "./shapes.ts";

/**
 * A developer's or publisher's page (issue 10). Games name their developer and publisher as text; the
 * slug is that name through `slugify`, and the catalog index (catalog-index.ts) keeps the games of
 * each slug, so a page reads only its own games.
 */

async function readCompanyGames(
  slug: string,
  ids: string[],
): Promise<{ games: CompanyGame[]; names: Map<string, number>; onSteam: Set<string> }> {
  const games: CompanyGame[] = [];
  const names = new Map<string, number>();
  const onSteam = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await readRows(
      `SELECT id, name, release_date, release_year, developer, publisher, price, positive_reviews, negative_reviews,
                   owners_estimate, genres, is_demo, steam_app_id
            FROM games WHERE id IN (${placeholders(chunk.length)})`,
      chunk,
    );
    for (const r of rows) {
      const developer = r.developer == null ? null : String(r.developer);
      const publisher = r.publisher == null ? null : String(r.publisher);
      const developed = developer != null && slugify(developer) === slug;
      const published = publisher != null && slugify(publisher) === slug;
      if (!developed && !published) continue;
      for (const name of [developed ? developer : null, published ? publisher : null]) {
        if (name) names.set(name, (names.get(name) ?? 0) + 1);
      }
      const pos = r.positive_reviews == null ? null : Number(r.positive_reviews);
      const neg = r.negative_reviews == null ? null : Number(r.negative_reviews);
      const reviews = pos == null && neg == null ? null : (pos ?? 0) + (neg ?? 0);
      if (r.steam_app_id != null) onSteam.add(String(r.id));
      games.push({
        id: String(r.id),
        name: String(r.name),
        releaseDate: (r.release_date as string | null) ?? null,
        releaseYear: releaseYearOf(r.release_date, r.release_year),
        role: developed && published ? "developer and publisher" : developed ? "developer" : "publisher",
        price: r.price == null ? null : Number(r.price),
        reviews,
        positiveShare: reviews ? Math.round(((pos ?? 0) / reviews) * 1000) / 10 : null,
        owners: r.owners_estimate == null ? null : Number(r.owners_estimate),
        ownersEstimate: null,
        revenueEstimate: null,
        publishedUnits: null,
        genres: listOf(r.genres),
        isDemo: Boolean(r.is_demo),
      });
    }
  }
  return { games, names, onSteam };
}

export async function getCompanyPage(slug: string): Promise<CompanyPage | null> {
  const words = slug.split("-").filter((w) => /^[a-z0-9]+$/.test(w));
  if (words.length === 0 || words.join("-") !== slug) return null;
  const { index } = await catalogIndex();
  // The rows are read again, so a write since the index was brought up to date cannot show a game
  // under a company it no longer names.
  const { games, names, onSteam } = await readCompanyGames(slug, index.companyGameIds(slug));
  if (games.length === 0) return null;
  // Newest first; a game known only by its year sorts by that year (after the dated games of the
  // year), and a game with neither comes last.
  games.sort(
    (a, b) =>
      (releaseKey(b.releaseDate, b.releaseYear) ?? "").localeCompare(
        releaseKey(a.releaseDate, a.releaseYear) ?? "",
      ) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  // Years count every game with a known year, dated or not (most VGChartz games have a year only).
  const years = new Map<number, number>();
  for (const g of games) {
    if (g.releaseYear != null) years.set(g.releaseYear, (years.get(g.releaseYear) ?? 0) + 1);
  }
  const [{ estimates, outsideModel }, sales] = await Promise.all([
    companyEstimates(games, onSteam),
    publishedSalesOf(games.map((g) => g.id)),
  ]);
  for (const g of games) g.publishedUnits = sales.get(g.id)?.units ?? null;
  const releasesPerYear = [...years].sort((a, b) => a[0] - b[0]).map(([year, n]) => ({ year, games: n }));
  // The name as the catalog writes it most often.
  const name = [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  return {
    slug,
    name,
    games,
    totals: {
      games: games.length,
      developed: games.filter((g) => g.role !== "publisher").length,
      published: games.filter((g) => g.role !== "developer").length,
      reviews: games.reduce((s, g) => s + (g.reviews ?? 0), 0),
      firstYear: releasesPerYear[0]?.year ?? null,
      lastYear: releasesPerYear.at(-1)?.year ?? null,
      releasesPerYear,
      outsideModel,
      estimates,
      publishedSales: totalPublishedSales(sales.values()),
    },
    provenance: await catalogProvenance(),
  };
}

/**
 * Sums of the games' stored estimates (issue 11); each game's P50 is set on its row. A game the owners
 * model does not cover (not on Steam, no Steam signal: modelCovers) is counted apart and left out: its
 * stored range is the spread of owners across Steam games, not a figure for it.
 */
async function companyEstimates(
  games: CompanyGame[],
  onSteam: Set<string>,
): Promise<Pick<CompanyPage["totals"], "estimates" | "outsideModel">> {
  const all = await readRows(
    `SELECT game_id, owners_low, owners_mid, owners_high, gross_low, gross_mid, gross_high, as_of, inputs_key
          FROM game_estimates WHERE ${OF_CURRENT_MODEL} AND game_id IN (SELECT value FROM json_each(?))`,
    [MODEL_VERSION, JSON.stringify(games.map((g) => g.id))],
  );
  const rows = all.filter((r) =>
    modelCovers(JSON.parse(String(r.inputs_key)) as EstimateInput, onSteam.has(String(r.game_id))),
  );
  const outsideModel = all.length - rows.length;
  if (rows.length === 0) return { estimates: null, outsideModel };
  const byId = new Map(games.map((g) => [g.id, g]));
  const owners = { low: 0, mid: 0, high: 0 };
  const gross = { low: 0, mid: 0, high: 0 };
  let newest = 0;
  for (const r of rows) {
    const game = byId.get(String(r.game_id));
    if (game) {
      game.ownersEstimate = Number(r.owners_mid);
      game.revenueEstimate = r.gross_mid == null ? null : Number(r.gross_mid);
    }
    owners.low += Number(r.owners_low);
    owners.mid += Number(r.owners_mid);
    owners.high += Number(r.owners_high);
    gross.low += Number(r.gross_low ?? 0);
    gross.mid += Number(r.gross_mid ?? 0);
    gross.high += Number(r.gross_high ?? 0);
    newest = Math.max(newest, Number(r.as_of ?? 0));
  }
  const estimates = {
    games: rows.length,
    owners,
    grossRevenue: gross,
    provenance: {
      source: "Estimates per game",
      asOf: newest ? new Date(newest).toISOString() : null,
      method: `Sum of the games' P50 (P10 and P90 summed as a loose bracket); model ${MODEL_VERSION}`,
    },
  };
  return { estimates, outsideModel };
}

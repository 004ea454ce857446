import type { CompanyAlias, CompanyGame, CompanyPage } from "../../contracts/market.ts";
import { placeholders, readRows } from "../db/client.ts";
import { type CatalogIndex, catalogIndex } from "./catalog-index.ts";
import { estimateP50s, sumIndexedEstimates } from "./estimate-sums.ts";
import { companyOfCredit, isSlug } from "./normalize.ts";
import { OWNERS_BAND_COLUMN, ownersBelow } from "./owners-below.ts";
import { companyPublishedSales } from "./published-sales.ts";
import { markPartialYear, releaseKey, releaseYearOf, releasesPerYear as yearlyReleases } from "./release.ts";
import { catalogReleaseEnd } from "./screener.ts";
import { provenanceOfGames } from "./selection-provenance.ts";
import { listOf } from "./shapes.ts";
import { priceConversionOf } from "./source-names.ts";

/**
 * A developer's or publisher's page (issue 10). Games name their developer and publisher as text; the
 * slug is that name through `slugify`, and the catalog index (catalog-index.ts) keeps the games of
 * each slug, so a page reads only its own games.
 */

async function readCompanyGames(
  slug: string,
  ids: string[],
): Promise<{ games: CompanyGame[]; names: Map<string, number> }> {
  const games: CompanyGame[] = [];
  const names = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await readRows(
      `SELECT id, name, release_date, release_year, developer, publisher, price, price_source, positive_reviews, negative_reviews,
                   owners_estimate, genres, is_demo, ${OWNERS_BAND_COLUMN}
            FROM games WHERE id IN (${placeholders(chunk.length)})`,
      chunk,
    );
    for (const r of rows) {
      const developer = r.developer == null ? null : String(r.developer);
      const publisher = r.publisher == null ? null : String(r.publisher);
      // The company as this game's credits spell it (one of its co-developers or co-publishers, maybe).
      const developed = companyOfCredit(developer, slug);
      const published = companyOfCredit(publisher, slug);
      if (!developed && !published) continue;
      for (const name of [developed, published]) {
        if (name) names.set(name, (names.get(name) ?? 0) + 1);
      }
      const pos = r.positive_reviews == null ? null : Number(r.positive_reviews);
      const neg = r.negative_reviews == null ? null : Number(r.negative_reviews);
      const reviews = pos == null && neg == null ? null : (pos ?? 0) + (neg ?? 0);
      games.push({
        id: String(r.id),
        name: String(r.name),
        releaseDate: (r.release_date as string | null) ?? null,
        releaseYear: releaseYearOf(r.release_date, r.release_year),
        role: developed && published ? "developer and publisher" : developed ? "developer" : "publisher",
        price: r.price == null ? null : Number(r.price),
        // A price the source gave in GBP: its own figure and the rate, shown beside the dollars.
        priceConversion: priceConversionOf(r.price, r.price_source),
        reviews,
        positiveShare: reviews ? Math.round(((pos ?? 0) / reviews) * 1000) / 10 : null,
        owners: r.owners_estimate == null ? null : Number(r.owners_estimate),
        ownersBelow: ownersBelow(r.owners_band),
        ownersEstimate: null,
        revenueEstimate: null,
        ownersEstimateRange: null,
        revenueEstimateRange: null,
        estimateLowSignal: null,
        estimateFreeToPlay: null,
        publishedUnits: null,
        genres: listOf(r.genres),
        isDemo: Boolean(r.is_demo),
      });
    }
  }
  return { games, names };
}

export async function getCompanyPage(slug: string): Promise<CompanyPage | null> {
  if (!isSlug(slug)) return null;
  const { index, generation } = await catalogIndex();
  // The rows are read again, so a write since the index was brought up to date cannot show a game
  // under a company it no longer names.
  const { games, names } = await readCompanyGames(slug, index.companyGameIds(slug));
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
  // Each game's rows that name this company, not the rows of other publishers merged into it.
  const sales = await companyPublishedSales(slug, games, [...names.keys()]);
  const slots = games.map((g) => index.slot(g.id));
  const { estimates, outsideModel } = sumIndexedEstimates(
    index,
    slots.filter((s): s is number => s != null),
  );
  games.forEach((g, i) => {
    const p50 = estimateP50s(index, slots[i]);
    g.publishedUnits = sales.perGame.get(g.id) ?? null;
    g.ownersEstimate = p50?.owners ?? null;
    g.revenueEstimate = p50?.revenue ?? null;
    // As the screener's rows: a low-signal estimate is shown as its range, not its P50.
    g.ownersEstimateRange = p50?.ownersRange ?? null;
    g.revenueEstimateRange = p50?.revenueRange ?? null;
    g.estimateLowSignal = p50 ? p50.lowSignal : null;
    g.estimateFreeToPlay = p50 ? p50.freeToPlay : null;
  });
  // Reviews are unknown, not 0, where no source gives a game's (VGChartz and IGDB games have none).
  const reviewed = games.filter((g) => g.reviews != null);
  // The year the catalog's release dates stop in is partial here as on the Market Screener.
  const releasesPerYear = markPartialYear(yearlyReleases(years), catalogReleaseEnd(index, generation));
  return {
    slug,
    name: mostUsed(names),
    games,
    totals: {
      games: games.length,
      developed: games.filter((g) => g.role !== "publisher").length,
      published: games.filter((g) => g.role !== "developer").length,
      reviews: reviewed.length ? reviewed.reduce((s, g) => s + g.reviews!, 0) : null,
      reviewedGames: reviewed.length,
      firstYear: releasesPerYear[0]?.year ?? null,
      lastYear: releasesPerYear.at(-1)?.year ?? null,
      undatedGames: games.filter((g) => g.releaseYear == null).length,
      releasesPerYear,
      outsideModel,
      estimates,
      publishedSales: sales.total,
    },
    // The sources of this company's games' figures, not the whole catalog's (review r33-a #1).
    provenance: await provenanceOfGames(
      index,
      slots.filter((s): s is number => s != null),
      estimates,
    ),
    alsoListedAs: await alsoListedAs(index, slug),
  };
}

/** The name as the catalog writes it most often. */
function mostUsed(names: Map<string, number>): string {
  return [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

/** What a company page says of the figures of its other spellings' pages. */
export const ALSO_LISTED_AS_NOTE =
  "Not added up: each page counts only the games whose credits spell the company its way, and a game " +
  "credited under two spellings is on both pages, so a sum could count it twice.";

/**
 * The pages of the same company under other spellings (docs/decisions/033-company-aliases.md): found by
 * the index's alias key, each with its own games and published units, read as its own page reads them.
 */
async function alsoListedAs(index: CatalogIndex, slug: string): Promise<CompanyPage["alsoListedAs"]> {
  const found = await Promise.all(
    index.companyAliases(slug).map(async (other): Promise<CompanyAlias | null> => {
      const { games, names } = await readCompanyGames(other, index.companyGameIds(other));
      if (games.length === 0) return null;
      const { total } = await companyPublishedSales(other, games, [...names.keys()]);
      return {
        slug: other,
        name: mostUsed(names),
        games: games.length,
        publishedSales: total && {
          units: total.units,
          games: total.games,
          otherGames: total.otherGames,
          provenance: total.provenance,
        },
      };
    }),
  );
  const companies = found.filter((c): c is CompanyAlias => c != null);
  if (companies.length === 0) return null;
  companies.sort((a, b) => b.games - a.games || a.slug.localeCompare(b.slug));
  return { companies, note: ALSO_LISTED_AS_NOTE };
}

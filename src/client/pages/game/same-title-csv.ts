import type { GameDetail } from "../../../contracts/game-page.ts";
import type { Provenance } from "../../../contracts/provenance.ts";
import type { CsvData } from "../../../ui/export/index.ts";
import { formatMonth } from "../../format/dates.ts";

type SameTitleGame = Pick<GameDetail, "id" | "publishedSales" | "sameTitle">;

/** "3 entries, this one included" / "2 other entries": which entries the published sum adds up. */
export function sumEntriesText(gameIds: readonly string[], gameId: string): string {
  const n = gameIds.length;
  return gameIds.includes(gameId) ? `${n} entries, this one included` : `${n} other entries`;
}

/**
 * Why the section gives no sum of published units where two or more of the title's entries (this game
 * among them) have some: released years apart (the server's `noTotalReason`), or from different files or dates (the 2016 VGChartz file and the
 * undated vgsales.csv), and a sum across them would be a figure of neither (docs/decisions/031). Null
 * where there is a sum, fewer than two entries have published units, or the section shows only part
 * of the entries (it says so itself).
 */
export function noSumReason(game: SameTitleGame): string | null {
  const same = game.sameTitle;
  if (!same || same.publishedTotal || same.total > same.entries.length) return null;
  // Entries released years apart (a reboot): the server says why it gives no sum (review r26/b #3).
  if (same.noTotalReason) return same.noTotalReason;
  const published: Provenance[][] = [
    ...(game.publishedSales ? [game.publishedSales.provenance] : []),
    ...same.entries.flatMap((e) => (e.publishedUnits ? [e.publishedUnits.provenance] : [])),
  ];
  if (published.length < 2) return null;
  const files = new Map<string, string>();
  for (const p of published.flat())
    files.set(`${p.source}\u0000${p.asOf ?? ""}`, `${p.source}, ${p.asOf ? formatMonth(p.asOf) : "undated"}`);
  if (files.size < 2) return null;
  return `No sum of published units: they come from ${files.size} different files (${[...files.values()].join("; ")}), and a sum across files would be a figure of neither.`;
}

/**
 * `noSumReason`, and where the section shows only part of the entries (it says so itself on the game
 * page, "The 20 oldest of 31 are shown"), the same in one sentence for a screen without the section
 * (Compare), when any entry has published units to add up.
 */
export function noSumReasonAlone(game: SameTitleGame): string | null {
  const reason = noSumReason(game);
  const same = game.sameTitle;
  if (reason || !same || same.publishedTotal || same.total <= same.entries.length) return reason;
  if (!game.publishedSales && !same.entries.some((e) => e.publishedUnits)) return null;
  return `No sum of published units: the catalog has ${same.total} other entries of this title, more than the ${same.entries.length} a game page reads, and no sum is given across part of them.`;
}

/**
 * The section as CSV: each other entry with its platforms, release, published units and estimate,
 * each with its source and date, whether the sum counts it, and the sum the section shows as a last
 * row (review r26/a #11: it was on the screen only), its id cell listing the entries it adds up.
 */
export function sameTitleCsv(game: SameTitleGame): CsvData {
  const same = game.sameTitle;
  const total = same?.publishedTotal ?? null;
  const summed = new Set(total?.gameIds ?? []);
  const rows = (same?.entries ?? []).map((e) => [
    e.id,
    e.name,
    e.platforms,
    e.releaseDate,
    e.releaseYear,
    e.publishedUnits?.units ?? null,
    e.publishedUnits ? e.publishedUnits.provenance.map((p) => p.source).join("; ") : null,
    e.publishedUnits ? e.publishedUnits.provenance.map((p) => p.asOf ?? "").join("; ") : null,
    total ? (summed.has(e.id) ? "yes" : "no") : null,
    e.unitsEstimate && !e.unitsEstimate.lowSignal ? e.unitsEstimate.mid : null,
    e.unitsEstimate?.low ?? null,
    e.unitsEstimate?.high ?? null,
    e.unitsEstimate ? e.unitsEstimate.lowSignal : null,
    e.unitsEstimate?.source ?? null,
    e.unitsEstimate?.asOf ?? null,
  ]);
  if (total)
    rows.push([
      total.gameIds,
      `Sum of published units (${sumEntriesText(total.gameIds, game.id)})`,
      null,
      null,
      null,
      total.units,
      total.source,
      total.asOf ?? "",
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  return {
    header: [
      "id",
      "name",
      "platforms",
      "release date",
      "release year",
      "units sold (published)",
      "published source",
      "published as of (ISO 8601)",
      "in the published sum",
      "units sold estimate P50",
      "units sold estimate P10",
      "units sold estimate P90",
      "estimate low-signal",
      "estimate source",
      "estimate as of (ISO 8601)",
    ],
    rows,
  };
}

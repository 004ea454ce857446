import type { GameDetail, SalesRegions } from "../../../contracts/game-page.ts";
import {
  type PlayersFigureWords,
  playersPeriod,
  shownPlayersFigure,
} from "../../../contracts/player-figures.ts";
import {
  CONVERSION_CSV_COLUMNS,
  CONVERTED_MARK,
  conversionCsvCells,
} from "../../../contracts/price-conversion.ts";
import { namedTogether, type Provenance, provenanceList } from "../../../contracts/provenance.ts";
import type { CsvData } from "../../../ui/export/index.ts";
import { datedProvenance, publishedUnits } from "../../../ui/published-sales/index.ts";
import { latestPlayersText } from "../../components/GameCardView.tsx";
import { compactNumber, formatPlayers } from "../../format/numbers.ts";
import { belowCell, ownersBandOnly } from "../game/owners-band.ts";
import { priceText, shownPriceConversion } from "../game/price-text.ts";
import { noSumReasonAlone, sumEntriesText } from "../game/same-title-csv.ts";

/** A row of Compare's Key figures: its label and unit, each game's value and cell text. */
export interface KeyFigure {
  label: string;
  unit: string;
  value: (g: GameDetail) => number | string | null;
  show: (g: GameDetail) => string;
  /**
   * Why the cell gives no figure, said under it in the game page's words; null where there is nothing
   * to say (review s9 #1: the summed row read "–" where the game page says why it gives no sum).
   */
  note?: (g: GameDetail) => string | null;
  /**
   * The figure's source and time for a game, as its cell's note names them; null where the game has
   * no such figure. The CSV gives them in a source row and an as-of row (review r29-a #3).
   */
  provenance?: (g: GameDetail) => Provenance | readonly Provenance[] | null;
  /**
   * A sales file's figure: a file that states no date says so in the note under the table, as the game
   * page's published units do (`datedProvenance`); the CSV's as-of cell stays empty.
   */
  salesFile?: true;
  /** Rows the CSV adds after the figure's own, so the file says what the cell shows. */
  more?: Array<{ label: string; unit: string; value: (g: GameDetail) => number | string | null }>;
}

/**
 * The game's newest players figure as the cards take it (a monthly average with its month); for a
 * game with daily peaks only, its peak as its page shows it ("39.1K peak, 1 day": report r22-a #1);
 * null when undated.
 */
export function cardPlayers(g: GameDetail): PlayersFigureWords | null {
  const players = g.latest.players;
  if (!players) return g.players?.latest ? null : shownPlayersFigure(g.players);
  if (!players.asOf) return null;
  return {
    value: players.value,
    at: players.asOf,
    ...(players.period === "month" ? { period: "month" } : {}),
    // A month in progress when its source's file was taken (review r26-a #2).
    ...(g.players?.latest?.at === players.asOf && g.players.latest.partial ? { partial: true as const } : {}),
  };
}

/**
 * The players figure's source and time: the latest count's or month's (its month), or a peak-only
 * game's peak's own source and day, as its Players cell shows it.
 */
function playersProvenance(g: GameDetail): Provenance | null {
  if (g.latest.players) return g.latest.players;
  return !g.players?.latest && g.players?.peak ? g.players.peak : null;
}

/** The figures with a source of their own: the price, players, reviews and owners, as the table shows them. */
export const SOURCED_FIGURES: KeyFigure[] = [
  {
    label: "Price",
    unit: "USD",
    value: (g) => g.latest.price?.value ?? g.price,
    // On sale: the discount and list price the record gave, as the game page shows them.
    // A price converted from GBP is marked; the note under the table says from what (review r18a, item 1).
    show: (g) =>
      `${priceText(g.latest.price?.value ?? g.price, g.discount, g.price)}${shownPriceConversion(g) ? CONVERTED_MARK : ""}`,
    provenance: (g) => g.latest.price ?? (g.price == null ? null : (g.provenance ?? null)),
    // The cell's "(75% off $19.99)": empty for a game not on sale (report r12-a #8).
    more: [
      { label: "List price (on sale)", unit: "USD", value: (g) => g.discount?.listPrice ?? null },
      { label: "Discount", unit: "%", value: (g) => g.discount?.percent ?? null },
      // A price its source gave in GBP: the source's price, currency and rate; empty for USD prices.
      // The same columns as the screener's, company and card CSVs, the unit in the unit column.
      ...CONVERSION_CSV_COLUMNS.map(({ label, unit }, i) => ({
        label,
        unit,
        value: (g: GameDetail) => conversionCsvCells(shownPriceConversion(g))[i] ?? null,
      })),
    ],
  },
  {
    // Named as the cards name it: a monthly average says so with its month, a count with its day
    // (review r18c, item 8: "Players (latest)" read as a count beside the cards' "avg. players").
    label: "Players",
    unit: "players",
    // The source's own value (a monthly average of 583.24), as the players chart's CSV gives it; the
    // cell gives whole players, as every screen does (review r31a #6, docs/decisions/040).
    value: (g) => g.latest.players?.value ?? cardPlayers(g)?.value ?? null,
    show: (g) => {
      const players = cardPlayers(g);
      return players ? latestPlayersText(players) : formatPlayers(g.latest.players?.value);
    },
    provenance: playersProvenance,
    more: [{ label: "Players figure", unit: "", value: (g) => playersPeriod(cardPlayers(g)) }],
  },
  {
    label: "Positive reviews",
    unit: "reviews",
    value: (g) => g.latest.reviews_positive?.value ?? null,
    show: (g) => compactNumber(g.latest.reviews_positive?.value),
    provenance: (g) => g.latest.reviews_positive ?? null,
  },
  {
    label: "Negative reviews",
    unit: "reviews",
    value: (g) => g.latest.reviews_negative?.value ?? null,
    show: (g) => compactNumber(g.latest.reviews_negative?.value),
    provenance: (g) => g.latest.reviews_negative ?? null,
  },
  {
    label: "Owners (source figure)",
    unit: "owners",
    value: (g) => g.latest.owners?.value ?? null,
    // A band with no lower end is no figure: "< 20K", what the source says (its note below).
    show: (g) => {
      const band = ownersBandOnly(g);
      return band ? belowCell(band).text : compactNumber(g.latest.owners?.value);
    },
    // The figure's source, or the band's where the band is all there is ("< 20K").
    provenance: (g) => g.latest.owners ?? ownersBandOnly(g),
    // The cell's "< 20K" in the file too: the top of the band, not an empty cell like an unknown.
    more: [
      {
        label: "Owners below (a band with no lower end)",
        unit: "owners",
        value: (g) => ownersBandOnly(g)?.high ?? null,
      },
    ],
  },
];

const SALES_REGIONS: Array<[keyof SalesRegions, string]> = [
  ["northAmerica", "North America"],
  ["europe", "Europe"],
  ["japan", "Japan"],
  ["other", "Other regions"],
];

/**
 * Units sold as a sales dataset (VGChartz) published them: the game page's figures, from the same answer
 * (`GET /api/games/:id`: `publishedSales`, and `sameTitle.publishedTotal`, the sum the server gives over
 * the title's entries only where it holds: one file and date, released within a few years, ADR 031).
 * Published, never an estimate: beside the estimate rows, never added to them (review r31a #4: a
 * console game read "not estimated" with no sales figure, while its page showed 35.52M).
 */
export const PUBLISHED_FIGURES: KeyFigure[] = [
  {
    label: "Units sold (published)",
    unit: "units",
    value: (g) => g.publishedSales?.units ?? null,
    show: (g) =>
      g.publishedSales ? `${publishedUnits(g.publishedSales.units)} (published, not an estimate)` : "–",
    provenance: (g) => g.publishedSales?.provenance ?? null,
    salesFile: true,
    // The regions the game page's card gives; a region the file does not give is empty.
    more: SALES_REGIONS.map(([key, name]) => ({
      label: `Units sold (published), ${name}`,
      unit: "units",
      value: (g: GameDetail) => g.publishedSales?.regions[key] ?? null,
    })),
  },
  {
    label: "Units sold (published), entries of this title summed",
    unit: "units",
    value: (g) => g.sameTitle?.publishedTotal?.units ?? null,
    show: (g) => {
      const total = g.sameTitle?.publishedTotal;
      return total
        ? `${publishedUnits(total.units)} (published: the sum of ${sumEntriesText(total.gameIds, g.id)})`
        : "–";
    },
    // No sum: why, as the game page's same-title section says it (entries years apart, two files, or
    // more entries than a page reads).
    note: noSumReasonAlone,
    provenance: (g) => g.sameTitle?.publishedTotal ?? null,
    salesFile: true,
    more: [
      {
        label: "Units sold (published), entries of this title summed: entries",
        unit: "ids",
        value: (g) => g.sameTitle?.publishedTotal?.gameIds.join("; ") ?? null,
      },
      {
        label: "Units sold (published), entries of this title summed: why no sum",
        unit: "",
        value: noSumReasonAlone,
      },
    ],
  },
];

/**
 * The sources and times of the figures, for the note under the table: each game's own, a sales file
 * with no date named as undated (the game page's words).
 */
export function keyFigureNoteProvenance(
  figures: readonly KeyFigure[],
  games: readonly GameDetail[],
): Provenance[] {
  return games.flatMap((g) =>
    figures.flatMap((f) => {
      const list = provenanceList(f.provenance?.(g));
      return f.salesFile ? datedProvenance(list) : list;
    }),
  );
}

/**
 * The Key figures as CSV: a row per figure (and the rows it adds), a column per game; after each
 * sourced figure, its `source` and `as of (ISO 8601)` rows, each game's own (as the other exports'
 * columns of the same names; a monthly figure is dated by its month's first day). A game without the
 * figure has them empty.
 */
export function keyFiguresCsv(figures: readonly KeyFigure[], games: readonly GameDetail[]): CsvData {
  return {
    header: ["figure", "unit", ...games.map((g) => g.name)],
    rows: figures.flatMap((f) => {
      const rows = [f, ...(f.more ?? [])].map((row) => [
        row.label,
        row.unit,
        ...games.map((g) => row.value(g)),
      ]);
      if (!f.provenance) return rows;
      const named = games.map((g) => namedTogether(f.provenance!(g)));
      return [
        ...rows,
        [`${f.label}: source`, "", ...named.map((n) => n.source)],
        [`${f.label}: as of`, "ISO 8601", ...named.map((n) => n.asOf)],
      ];
    }),
  };
}

import { fileURLToPath } from "node:url";
import type { InStatement } from "@libsql/client";
import { parseNumber, readCsv } from "../../importers/csv-source.ts";
import { rawClient } from "../client.ts";

/**
 * Newzoo's yearly global games market (2012–2027), carried into the project as published figures
 * with their citation per row (global_games_market.csv beside this file; see its notes in the
 * repository's docs). Seeded at every start, idempotently.
 */
export const MARKET_CSV = fileURLToPath(new URL("./global_games_market.csv", import.meta.url));

export async function seedMarketYears(): Promise<number> {
  const statements: InStatement[] = [];
  for await (const { record: r } of readCsv(MARKET_CSV, { progressLabel: "market" })) {
    const year = parseNumber(r.year);
    const total = parseNumber(r.total_busd);
    if (!year || total == null) continue;
    const pick = (entries: Array<[string, string]>) => {
      const out: Record<string, number> = {};
      for (const [key, column] of entries) {
        const v = parseNumber(r[column]);
        if (v != null) out[key] = v;
      }
      return out;
    };
    const segments = pick([
      ["Mobile", "mobile_busd"],
      ["Console", "console_busd"],
      ["PC", "pc_busd"],
    ]);
    const regions = pick([
      ["Asia-Pacific", "apac_busd"],
      ["North America", "north_america_busd"],
      ["Europe", "europe_busd"],
      ["Latin America", "latam_busd"],
      ["Middle East & Africa", "mea_busd"],
    ]);
    const source = [r.edition, r.source_url].filter(Boolean).join(" — ");
    statements.push({
      sql: `INSERT INTO market_years (year, total_revenue_bn, growth_pct, segments, regions, players_bn, confidence, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (year) DO UPDATE SET total_revenue_bn = excluded.total_revenue_bn, growth_pct = excluded.growth_pct,
              segments = excluded.segments, regions = excluded.regions, players_bn = excluded.players_bn,
              confidence = excluded.confidence, source = excluded.source`,
      args: [
        year,
        total,
        parseNumber(r.growth_pct),
        JSON.stringify(segments),
        JSON.stringify(regions),
        parseNumber(r.players_billion),
        r.confidence || null,
        source,
      ],
    });
  }
  if (statements.length) await rawClient().batch(statements, "write");
  return statements.length;
}

export interface MarketYearNotes {
  /** What later editions reported for this year instead ("184.0 (+0.6%) Oct 2023 update…"); null when unrevised. */
  revisedLater: string | null;
  /**
   * What earlier editions or updates had said of this year before the figure quoted ("forecasts for
   * 2026: 212.4 (GGMR 2023), …"): a forecast year's earlier forecasts, not a revision of it. Null when none.
   */
  earlier: string | null;
  /** The citation's confidence ("high", "medium (forecast)", "low (inferred…)"). */
  confidence: string | null;
  /** The edition quoted. */
  edition: string;
}

/**
 * The citation table's `revised_later` column, split by what it reports: most rows list later
 * figures only ("184.0 (+0.6%) Oct 2023 update"); some begin with the figures earlier editions gave
 * ("earlier May 2022 update: 203.1 (+5.4%); later 184.4 …"), and a forecast year's lists earlier
 * forecasts only ("earlier forecasts for 2026: 212.4 (GGMR 2023), …"), which no later edition revised.
 */
function splitRevisionNote(
  note: string | null | undefined,
): Pick<MarketYearNotes, "revisedLater" | "earlier"> {
  const text = note?.trim();
  if (!text) return { revisedLater: null, earlier: null };
  if (!/^earlier\b/i.test(text)) return { revisedLater: text, earlier: null };
  const body = text.replace(/^earlier\s+/i, "");
  const later = /;\s*later\s+/i.exec(body);
  if (!later) return { revisedLater: null, earlier: body };
  return {
    revisedLater: body.slice(later.index + later[0].length).trim() || null,
    earlier: body.slice(0, later.index).trim() || null,
  };
}

let notes: Map<number, MarketYearNotes> | undefined;

/** Each year's revision note, confidence and edition, from the shipped citation table (read once). */
export async function marketYearNotes(): Promise<Map<number, MarketYearNotes>> {
  if (notes) return notes;
  const out = new Map<number, MarketYearNotes>();
  for await (const { record: r } of readCsv(MARKET_CSV, { progressLabel: "market" })) {
    const year = parseNumber(r.year);
    if (!year) continue;
    out.set(year, {
      ...splitRevisionNote(r.revised_later),
      confidence: r.confidence?.trim() || null,
      edition: r.edition?.trim() ?? "",
    });
  }
  notes = out;
  return out;
}

import { rawClient } from "../db/client.ts";
import { markCatalogChanged } from "./changes.ts";

/**
 * Demo rows never mix with real ones (issue 9): demo data is opt-in (`DEMO_DATA=on`,
 * `bun run db:seed --demo`), and as soon as real games arrive — an import, a sync — or an admin asks
 * (`bun run db:seed --remove-demo`, the Admin screen), every demo game goes with its series points,
 * the studios generated with it and the figures derived from it while it was there (reports and AI
 * analyses made since the demo data was seeded).
 */

/** The description the demo seeder gives its generated studios (companies have no demo flag). */
export const DEMO_COMPANY_NOTE = "Demo data: a generated studio, not a real company.";

/** Whether demo games exist: unknown until first asked, then kept up to date by the writers. */
let present: boolean | undefined;

export async function hasDemoData(): Promise<boolean> {
  if (present === undefined) {
    const rs = await rawClient().execute("SELECT 1 AS x FROM games WHERE is_demo = 1 LIMIT 1");
    present = rs.rows.length > 0;
  }
  return present;
}

/** The demo seeder calls this after writing demo games. */
export function noteDemoDataSeeded(): void {
  present = true;
}

/** Tests: forget the cached answer (they reset the database under the module). */
export function forgetDemoState(): void {
  present = undefined;
}

export interface DemoRemoval {
  games: number;
  points: number;
  companies: number;
  reports: number;
  analyses: number;
}

/** Removes every demo row and what was derived from it; a catalog without demo rows is left alone. */
export async function removeDemoData(): Promise<DemoRemoval> {
  const client = rawClient();
  const since = await client.execute(
    "SELECT min(created_at) AS since, count(*) AS n FROM games WHERE is_demo = 1",
  );
  const games = Number(since.rows[0]?.n ?? 0);
  const sinceMs = since.rows[0]?.since == null ? null : Number(since.rows[0].since);
  const removal: DemoRemoval = { games, points: 0, companies: 0, reports: 0, analyses: 0 };
  const companies = await client.execute({
    sql: "DELETE FROM companies WHERE description = ?",
    args: [DEMO_COMPANY_NOTE],
  });
  removal.companies = companies.rowsAffected;
  if (games > 0) {
    const results = await client.batch(
      [
        "DELETE FROM game_metrics WHERE game_id IN (SELECT id FROM games WHERE is_demo = 1)",
        "DELETE FROM games WHERE is_demo = 1",
        ...(sinceMs != null
          ? [
              { sql: "DELETE FROM reports WHERE generated_at >= ?", args: [sinceMs] },
              { sql: "DELETE FROM ai_analyses WHERE created_at >= ?", args: [sinceMs] },
            ]
          : []),
      ],
      "write",
    );
    removal.points = results[0]?.rowsAffected ?? 0;
    removal.reports = results[2]?.rowsAffected ?? 0;
    removal.analyses = results[3]?.rowsAffected ?? 0;
  }
  present = false;
  if (games > 0 || removal.companies > 0) markCatalogChanged();
  return removal;
}

/** Called before real games are written: clears the demo rows first, if any. */
export async function removeDemoDataIfPresent(): Promise<DemoRemoval | null> {
  if (!(await hasDemoData())) return null;
  return removeDemoData();
}

import type { CompanyPage } from "../../../contracts/market.ts";
import { plural } from "../../format/numbers.ts";

/**
 * The company page's header line: its roles and the span of its release years, and how many of its
 * games no source dates (SteamSpy's export has no release dates), so a span that leaves a listed game
 * out says so rather than reading as the whole list's.
 */
export function companySpanText(
  t: Pick<CompanyPage["totals"], "developed" | "published" | "firstYear" | "lastYear" | "undatedGames">,
): string {
  const span = t.firstYear ? `, releases from ${t.firstYear} to ${t.lastYear}` : "";
  const undated =
    t.undatedGames > 0 ? `${span ? ";" : ","} ${plural(t.undatedGames, "game")} without a release date` : "";
  return `${t.developed} developed, ${t.published} published${span}${undated}.`;
}

import { Link } from "wouter";
import type { CompanyPage } from "../../../contracts/market.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { publishedUnits } from "../../../ui/published-sales/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { plural } from "../../format/numbers.ts";

/** What the card says of how the pages were matched. */
export const ALSO_LISTED_AS_TEXT =
  "Pages whose names differ from this one only by a legal or corporate suffix (“Inc.”, “Ltd”, “Software”…): " +
  "usually this company as another source spells it, though two companies can share a name.";

/** A company page's own published units, as its alias rows give theirs. */
function unitsText(sales: { units: number; games: number; otherGames: number } | null): string {
  if (!sales) return "no published units";
  const others = sales.otherGames > 0 ? ` and ${plural(sales.otherGames, "game")} listed elsewhere` : "";
  return `${publishedUnits(sales.units)} units sold (published) over ${plural(sales.games, "game")}${others}`;
}

/**
 * The pages of this company under its other spellings (review r27 a, item 5: "Valve" and "Valve
 * Software"), each linked with its own games and published units, source and date; never summed.
 */
export function AlsoListedAs({ company }: { company: CompanyPage }) {
  const aliases = company.alsoListedAs;
  if (!aliases) return null;
  const own = company.totals.publishedSales;
  return (
    <Card className="mb-6" role="region" aria-label="Also listed as">
      <CardHeader>
        <CardTitle className="text-base">Also listed as</CardTitle>
        <CardDescription>{ALSO_LISTED_AS_TEXT}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ul className="space-y-2">
          {aliases.companies.map((a) => (
            <li key={a.slug} data-testid="company-alias">
              <Link href={`/companies/${encodeURIComponent(a.slug)}`} className="font-medium hover:underline">
                {a.name}
              </Link>
              <span className="text-muted-foreground text-sm">
                {" "}
                · {plural(a.games, "game")} · {unitsText(a.publishedSales)}
              </span>
              {a.publishedSales && <SourceNote provenance={a.publishedSales.provenance} />}
            </li>
          ))}
        </ul>
        <p className="text-sm" data-testid="company-alias-note">
          {company.name} (this page): {plural(company.totals.games, "game")} · {unitsText(own)}.{" "}
          {aliases.note}
        </p>
      </CardContent>
    </Card>
  );
}

import { Link } from "wouter";
import type { GameDetail, SameTitleEntry, SameTitleEstimate } from "../../../contracts/game-page.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { compactFigure } from "../../../ui/estimates-panel/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { datedProvenance, publishedUnits } from "../../../ui/published-sales/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { releasedText } from "../../format/released.ts";
import { noSumReason, sameTitleCsv } from "./same-title-csv.ts";

/** "12.3M" for a P50, "538 – 8.62K" for a low-signal estimate's P10–P90 range (no single figure). */
function estimateText(e: SameTitleEstimate): string {
  return e.lowSignal
    ? `${compactFigure(e.low)} – ${compactFigure(e.high)}`
    : `${compactFigure(e.mid)} (P10–P90 ${compactFigure(e.low)} – ${compactFigure(e.high)})`;
}

/** The entry's platforms; a Steam game its source names none for is on Steam, which is all it says. */
function placeText(e: SameTitleEntry): string {
  if (e.platforms.length) return e.platforms.join(", ");
  return e.steamAppId != null ? `On Steam (app ${e.steamAppId})` : "Platforms unknown";
}

function EntryFigures({ entry }: { entry: SameTitleEntry }) {
  const { publishedUnits: published, unitsEstimate: estimate } = entry;
  if (!published && !estimate)
    return (
      <p className="text-muted-foreground text-sm">No units sold, published or estimated, for this entry.</p>
    );
  return (
    <>
      {published && (
        <div>
          <p className="text-sm">
            <span className="font-semibold tabular-nums">{publishedUnits(published.units)}</span> units sold
            (published)
          </p>
          <SourceNote provenance={datedProvenance(published.provenance)} />
        </div>
      )}
      {estimate && (
        <div>
          <p className="text-sm">
            {estimate.freeToPlay ? (
              "Free to play: no copies sold (estimate)"
            ) : (
              <>
                <span className="font-semibold tabular-nums">{estimateText(estimate)}</span> units sold
                (estimate{estimate.lowSignal ? ", P10–P90: too little known for one figure" : ""})
              </>
            )}
          </p>
          <SourceNote provenance={estimate} />
        </div>
      )}
    </>
  );
}

/**
 * The catalog's other entries of this game's title (the same name, case, accents and punctuation
 * aside): the same game on other platforms, or another game of that name. Each links to its page with
 * its platforms, release and figures with their sources; published units add up over the entries only
 * as the server sums them (one file, one date; never with an estimate). Nothing when there is none.
 */
export function SameTitle({ game }: { game: GameDetail }) {
  const same = game.sameTitle;
  if (!same || same.entries.length === 0) return null;
  const total = same.publishedTotal;
  const summed = total ? new Set(total.gameIds) : null;
  const noSum = noSumReason(game);
  return (
    <Card className="mt-6" role="region" aria-label="Same title on other platforms">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Same title on other platforms</CardTitle>
          <CardDescription>
            {same.total === 1 ? "One other catalog entry is" : `${same.total} other catalog entries are`}{" "}
            named “{game.name}” (case, accents and punctuation aside): the game on other platforms, or another
            game of that name. Each has its own figures.
          </CardDescription>
        </div>
        <ExportCsvButton fileName={`same-title-as-${game.slug || game.id}`} data={() => sameTitleCsv(game)} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {same.entries.map((e) => (
            <li key={e.id} className="grid content-start gap-1 rounded-md border p-3">
              <Link href={`/games/${encodeURIComponent(e.id)}`} className="font-medium hover:underline">
                {e.name}
              </Link>
              <p className="text-muted-foreground text-xs">
                {placeText(e)} ·{" "}
                {e.releaseDate || e.releaseYear != null
                  ? `Released ${releasedText(e.releaseDate, e.releaseYear)}`
                  : "Release unknown"}
                {summed?.has(e.id) ? " · in the sum below" : ""}
              </p>
              {e.isDemo && <Badge variant="warning">Demo</Badge>}
              <EntryFigures entry={e} />
            </li>
          ))}
        </ul>
        {same.total > same.entries.length && (
          <p className="text-muted-foreground text-sm">
            The {same.entries.length} oldest of {same.total} are shown; no sum is given across part of them.
          </p>
        )}
        {noSum && (
          <p className="text-muted-foreground text-sm" data-slot="same-title-no-sum">
            {noSum}
          </p>
        )}
        {total && (
          <div className="rounded-md bg-muted/50 p-3" data-slot="same-title-total">
            <p className="text-sm">
              <span className="font-semibold tabular-nums">{publishedUnits(total.units)}</span> units sold
              (published): the sum of {total.gameIds.length} entries
              {total.gameIds.includes(game.id) ? ", this one included," : ""} from one file, not an estimate
              {total.entriesWithout > 0
                ? `; ${total.entriesWithout} ${total.entriesWithout === 1 ? "entry has" : "entries have"} no published units and ${total.entriesWithout === 1 ? "is" : "are"} not in it`
                : ""}
              .
            </p>
            <SourceNote provenance={datedProvenance([total])} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import { useQuery } from "@tanstack/react-query";
import type { AiBacktest } from "../../../contracts/ai.ts";
import { Alert, AlertDescription, AlertTitle } from "../../../ui/alert/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { type DataColumn, DataTable } from "../../../ui/table/index.ts";
import { apiGet } from "../../api.ts";
import { Section } from "../../components/Section.tsx";
import { formatDateTime } from "../../format/dates.ts";
import { plural } from "../../format/numbers.ts";

const pct = (v: number | null) => (v == null ? "–" : `${(v * 100).toFixed(1)} %`);

type Row = AiBacktest["rows"][number];
const COLUMNS: DataColumn<Row>[] = [
  { header: "Window (months)", cell: (r) => String(r.windowMonths) },
  { header: "Game-months", cell: (r) => r.cases.toLocaleString("en") },
  { header: "Prediction right", cell: (r) => pct(r.predictionAccuracy) },
  { header: "“Same as last month” right", cell: (r) => pct(r.baselineAccuracy) },
];

/** The back-test table and its verdict (also on the methodology page). */
export function AiBacktestPanel() {
  const backtest = useQuery({
    queryKey: ["/api/ai/backtest"],
    queryFn: () => apiGet<AiBacktest>("/api/ai/backtest"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const b = backtest.data;
  const main = b?.rows.find((r) => r.windowMonths === b.mainWindowMonths);
  if (backtest.isLoading) return <Skeleton className="h-32 w-full" />;
  if (!b || !main)
    return <p className="text-muted-foreground">No back-test has been run yet (bun run ai:backtest).</p>;
  return (
    <div className="grid gap-3 text-sm" data-testid="ai-backtest">
      <p>
        On {b.source} ({plural(b.games, "game")}, {b.firstMonth} to {b.lastMonth}), each month the prediction
        (a line through the last {b.mainWindowMonths} months, one month on) named next month's direction —
        rising, stable within ±{b.stableBandPct} %, or declining — and so did the naive baseline, “same as
        last month”.
      </p>
      <DataTable
        columns={COLUMNS}
        rows={b.rows}
        rowKey={(r) => r.windowMonths}
        aria-label="Projection against the baseline"
      />
      <ExportCsvButton
        className="justify-self-start"
        fileName="ai-backtest"
        aria-label="Export CSV of Projection against the baseline"
        data={() => ({
          header: [
            "window (months)",
            "game-months (cases)",
            "prediction right (share 0-1)",
            "same as last month right (share 0-1)",
          ],
          rows: b.rows.map((r) => [r.windowMonths, r.cases, r.predictionAccuracy, r.baselineAccuracy]),
        })}
      />
      <Alert variant={b.beatsBaseline ? "default" : "destructive"} data-testid="ai-backtest-verdict">
        <AlertTitle>
          {b.beatsBaseline
            ? "The prediction beats the baseline"
            : "The prediction does not beat the naive baseline"}
        </AlertTitle>
        <AlertDescription>
          {b.beatsBaseline
            ? `Right ${pct(main.predictionAccuracy)} of the time against ${pct(main.baselineAccuracy)}.`
            : `Right ${pct(main.predictionAccuracy)} of the time against ${pct(main.baselineAccuracy)} for “same as last month”: on monthly player history a straight-line projection calls the next month's direction worse than repeating last month's. Read the projections as where the recent line leads, not as a forecast that beats persistence.`}
        </AlertDescription>
      </Alert>
      <p className="text-muted-foreground text-xs">
        Run {formatDateTime(b.ranAt)} with bun run ai:backtest; actual directions:{" "}
        {b.actualDirections.rising.toLocaleString("en")} rising,{" "}
        {b.actualDirections.stable.toLocaleString("en")} stable,{" "}
        {b.actualDirections.declining.toLocaleString("en")} declining.
      </p>
    </div>
  );
}

/**
 * How the AI analyst works and how well its market prediction does (issue 12): the back-test
 * against the naive baseline, from the committed result of `bun run ai:backtest`, saying plainly
 * when the prediction does not beat it.
 */
export function AiMethodology() {
  return (
    <div className="grid gap-4 text-sm">
      <Section title="How the AI analyst works">
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            Statistics compute the facts: reviews and their share of positive, average daily players and their
            week-on-week change, the spread of daily players (volatility), price, genre momentum and
            volatility.
          </li>
          <li>
            Predictions are projections: a least-squares line through a game's last 30 days of daily players,
            carried 30 days on (the market's: the catalog's daily totals, 30 and 90 days on). Rising or
            declining means more than 5 % either way at the horizon. A game's trend label is bullish when its
            players are projected to rise, bearish when to fall, otherwise neutral — stable, or too little
            player history to project, which the prediction says beside the label.
          </li>
          <li>
            With a language model configured, each analysis sends it those facts (never raw tables) and it
            writes the interpretation in a fixed structure. Every number it writes is checked against the
            facts (numbers in words such as "five million" and multipliers such as "3x" too; a game's name
            such as "Dota 2" is no number); a sentence with any other number is dropped, and the drop is shown
            with the result. A sentence about a game may only cite that game's figures.
          </li>
          <li>
            Confidence = sample score × (0.5 + 0.5 × fit): the sample score grows with the evidence (0.30 to
            0.95), the fit is how well the facts agree (R² of the projection line, genre match, breadth of
            growth). Without a fit (nothing could be projected) the confidence is 10 %, below what the poorest
            fit gives; Game Analysis is the mean of its games' confidences.
          </li>
        </ul>
      </Section>
      <Section title="Back-test of the market prediction">
        <AiBacktestPanel />
      </Section>
    </div>
  );
}

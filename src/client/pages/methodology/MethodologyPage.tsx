import { useQuery } from "@tanstack/react-query";
import type { Methodology } from "../../../contracts/estimates.ts";
import { Alert, AlertDescription } from "../../../ui/alert/index.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { type DataColumn, DataTable } from "../../../ui/table/index.ts";
import { Section } from "../../components/Section.tsx";
import { formatDate } from "../../format/dates.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { methodologyQuery } from "../../queries/estimates.ts";
import { AiBacktestPanel } from "../ai-analytics/AiMethodology.tsx";

type Backtest = NonNullable<Methodology["backtest"]>;
type Group = Backtest["groups"][number];

const pct = (v: number | null) => (v == null ? "—" : `${(v * 100).toFixed(1)} %`);
const ratio = (v: number | null) => (v == null ? "—" : `${v.toFixed(2)}×`);

function backtestColumns(flat: string[]): DataColumn<Group>[] {
  return [
    { header: "Reviews", cell: (g) => g.name.replace(/ reviews$/, "") },
    {
      header: "Games",
      cell: (g) => g.model.rows.toLocaleString("en-US"),
      className: "text-right tabular-nums",
    },
    { header: "P50 in band", cell: (g) => pct(g.model.p50InBand), className: "text-right tabular-nums" },
    {
      header: "P10–P90 overlaps",
      cell: (g) => pct(g.model.rangeOverlaps),
      className: "text-right tabular-nums",
    },
    {
      header: "P50 / band middle",
      cell: (g) => ratio(g.model.medianRatio),
      className: "text-right tabular-nums",
    },
    ...flat.flatMap((k): DataColumn<Group>[] => [
      {
        header: `${k.replace("x", "×")} in band`,
        cell: (g) => pct(g.flat[k]?.p50InBand ?? null),
        className: "text-right tabular-nums",
      },
      {
        header: `${k.replace("x", "×")} / middle`,
        cell: (g) => ratio(g.flat[k]?.medianRatio ?? null),
        className: "text-right tabular-nums",
      },
    ]),
  ];
}

function BacktestTable({ backtest }: { backtest: Backtest }) {
  const flat = Object.keys(backtest.groups[0]?.flat ?? {});
  const target = backtest.groups.find((g) => g.name === backtest.targets.appliesTo)?.model;
  const met = (v: number | null, above: number) => (v ?? 0) > above;
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Model {backtest.modelVersion} on <span className="font-medium">{backtest.dataset}</span>, run{" "}
        {formatDate(backtest.ranAt)}: {backtest.rowsWithBand.toLocaleString("en-US")} games with a SteamSpy
        owners band, estimated without it. The calibration never saw this file.
      </p>
      <DataTable
        aria-label="Back-test: the estimate against SteamSpy's owners band, beside flat review multipliers"
        columns={backtestColumns(flat)}
        rows={backtest.groups}
        rowKey={(g) => g.name}
      />
      <SourceNote
        provenance={{
          source: backtest.dataset,
          asOf: backtest.ranAt,
          method: `model ${backtest.modelVersion}`,
        }}
      />
      <ExportCsvButton
        className="justify-self-start"
        fileName={`owners-backtest-${backtest.modelVersion}`}
        aria-label="Export CSV of Back-test"
        data={() => ({
          header: [
            "reviews",
            "games (games)",
            "P50 in band (share 0-1)",
            "P10-P90 overlaps (share 0-1)",
            "P50 / band middle (ratio)",
            ...flat.flatMap((k) => [`${k} in band (share 0-1)`, `${k} / middle (ratio)`]),
          ],
          rows: backtest.groups.map((g) => [
            g.name.replace(/ reviews$/, ""),
            g.model.rows,
            g.model.p50InBand,
            g.model.rangeOverlaps,
            g.model.medianRatio,
            ...flat.flatMap((k) => [g.flat[k]?.p50InBand ?? null, g.flat[k]?.medianRatio ?? null]),
          ]),
        })}
      />
      {target && (
        <p className="flex flex-wrap gap-2 text-sm">
          {/* Wrapping, not nowrap: at a phone's width the badge would push the page sideways. */}
          <Badge
            className="whitespace-normal"
            variant={met(target.p50InBand, backtest.targets.p50InBandAbove) ? "success" : "warning"}
          >
            P50 in band {pct(target.p50InBand)} (target above {pct(backtest.targets.p50InBandAbove)})
          </Badge>
          <Badge
            className="whitespace-normal"
            variant={met(target.rangeOverlaps, backtest.targets.overlapAbove) ? "success" : "warning"}
          >
            P10–P90 overlaps {pct(target.rangeOverlaps)} (target above {pct(backtest.targets.overlapAbove)})
          </Badge>
          <span className="text-muted-foreground">for games with {backtest.targets.appliesTo}</span>
        </p>
      )}
    </div>
  );
}

export default function MethodologyPage() {
  const { data, isLoading, error } = useQuery(methodologyQuery);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Methodology"
        description="How owners, units sold, revenue and the AI figures are computed, with every parameter and the latest back-test."
      />
      {isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : error || !data ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>The methodology could not be loaded: {error?.message}</AlertDescription>
        </Alert>
      ) : (
        <>
          <Section
            title="Owners"
            description={`Model ${data.modelVersion}, fitted on ${data.fittedOn.rows.toLocaleString("en-US")} games of ${data.fittedOn.dataset}.`}
          >
            <div className="grid gap-3 text-sm">
              <p>
                Each estimate blends up to three methods. Each gives log(owners) as a centre and a spread:
              </p>
              <ol className="grid list-decimal gap-2 pl-5">
                <li>
                  <span className="font-medium">Review model.</span> log(owners) is a linear function of
                  log(reviews), its square, the positive share (and its product with log reviews), free to
                  play, log(price), the release year group and the genres. The coefficients are fitted on
                  SteamSpy's owners bands by interval-censored regression ({data.fitMethod}): each game only
                  says its owners lie inside its band, and at least at its review count. A game without a
                  release year uses the same model fitted without years. The spread is the fitted residual
                  spread for the game's review bucket. It is fitted on games with up to{" "}
                  {data.reviewModel.fittedRange.maxReviews.toLocaleString("en-US")} reviews and bands up to{" "}
                  {data.reviewModel.fittedRange.maxOwners.toLocaleString("en-US")} owners; beyond either it
                  would extrapolate (a squared term far from its data), so beside another method it gives no
                  figure and weighs 0, and alone its figure is capped at that highest band's top. The game
                  page says which.
                </li>
                <li>
                  <span className="font-medium">Player hours.</span> With at least three months of average
                  concurrent players, player-hours (players × hours in each month) divided by the hours an
                  owner plays, fitted on the same snapshot's average playtime (spread{" "}
                  {data.playtimeModel.sigma.toFixed(2)} in log,{" "}
                  {data.playtimeModel.rows.toLocaleString("en-US")} games). A series that covers only part of
                  a game's life counts fewer owners than it has.
                </li>
                <li>
                  <span className="font-medium">Owners band.</span> When a source such as SteamSpy publishes a
                  band, owners are taken as spread evenly in log scale across it: centre at its geometric
                  middle, spread its log width ÷ √12. A band with no lower end starts at the review count; for
                  a game with fewer than {data.lowSignalReviews} reviews it says only that owners stay below
                  its top, so it caps the range (weight 0) rather than joining the blend. Such a band is no
                  owners figure either: the game page says "under 20,000", the tables "&lt; 20K".
                </li>
                <li>
                  <span className="font-medium">Catalog spread.</span> When no method has data — reviews
                  unknown (not 0: unknown), no player series of three months and no band with a lower end —
                  the range is the spread of owners across the {data.fittedOn.rows.toLocaleString("en-US")}{" "}
                  games of {data.fittedOn.dataset}, fitted on their bands: what any game on the store might
                  have, not a figure for this one.
                </li>
              </ol>
              <p>
                <span className="font-medium">Blend.</span> Methods are weighted by precision (1 ÷ spread²).
                The blend's spread is the combined precision's plus the weighted spread of the methods around
                the blend, so the range widens where the methods disagree. P10 and P90 are the centre ∓ 1.28
                spreads; owners never fall below the review count. With fewer than {data.lowSignalReviews}{" "}
                reviews (or reviews unknown) and no other signal — no player series, no owners band with a
                lower end — the answer is flagged as a wide range, not a point figure. Method weights are
                shown as whole percentages that add up to 100 (largest remainder); owners and units are whole,
                and revenue is in whole dollars.
              </p>
              <p>
                <span className="font-medium">Published sales are not estimates.</span> The model is fitted on
                Steam games: a game not on Steam with none of Steam's signals (reviews, an owners band,
                players) — a console game from a sales dataset — gets no estimate, since the catalog spread
                says what a Steam game might have, not what it sold. Unit sales a dataset published (VGChartz,
                per platform and region, with the file and its date) are shown as published on game and
                company pages, beside the estimates and never blended into them or their totals.
              </p>
              <DataTable
                aria-label="Review model coefficients (with release year)"
                columns={[
                  { header: "Feature", cell: (r: { f: string; c: number }) => r.f },
                  {
                    header: "Coefficient",
                    cell: (r) => r.c.toFixed(3),
                    className: "text-right tabular-nums",
                  },
                ]}
                rows={data.reviewModel.features.map((f, i) => ({ f, c: data.reviewModel.coefficients[i]! }))}
                rowKey={(r) => r.f}
              />
              <ExportCsvButton
                className="justify-self-start"
                fileName={`review-model-coefficients-${data.modelVersion}`}
                aria-label="Export CSV of Review model coefficients"
                data={() => ({
                  header: ["feature", "coefficient (log owners per unit of the feature)"],
                  rows: data.reviewModel.features.map((f, i) => [f, data.reviewModel.coefficients[i]!]),
                })}
              />
              <DataTable
                aria-label="Residual spread of log(owners) by review count"
                columns={[
                  { header: "Reviews", cell: (r: { b: string; s: number }) => r.b },
                  {
                    header: "Spread (log)",
                    cell: (r) => r.s.toFixed(2),
                    className: "text-right tabular-nums",
                  },
                  {
                    header: "P90 ÷ P10",
                    cell: (r) => `${Math.exp(2 * 1.2816 * r.s).toFixed(1)}×`,
                    className: "text-right tabular-nums",
                  },
                ]}
                rows={data.reviewModel.reviewBuckets.map((b, i) => ({
                  b,
                  s: data.reviewModel.sigmaByBucket[i]!,
                }))}
                rowKey={(r) => r.b}
              />
              <ExportCsvButton
                className="justify-self-start"
                fileName={`residual-spread-${data.modelVersion}`}
                aria-label="Export CSV of Residual spread"
                data={() => ({
                  header: ["reviews", "spread (log owners)", "P90 / P10 (ratio)"],
                  rows: data.reviewModel.reviewBuckets.map((b, i) => {
                    const spread = data.reviewModel.sigmaByBucket[i]!;
                    return [b, spread, Math.exp(2 * 1.2816 * spread)];
                  }),
                })}
              />
            </div>
          </Section>
          <Section
            title="Units sold and revenue"
            description="Gross revenue is units × the US list price; net is what the developer keeps."
          >
            <DataTable
              aria-label="Revenue parameters"
              columns={[
                { header: "Parameter", cell: (p: Methodology["revenueParameters"][number]) => p.label },
                { header: "Value", cell: (p) => p.value },
                { header: "Why", cell: (p) => p.why, className: "min-w-64 whitespace-normal" },
              ]}
              rows={data.revenueParameters}
              rowKey={(p) => p.name}
            />
            <ExportCsvButton
              className="mt-3"
              fileName={`revenue-parameters-${data.modelVersion}`}
              aria-label="Export CSV of Revenue parameters"
              data={() => ({
                header: ["parameter", "name", "value (as stated)", "why"],
                rows: data.revenueParameters.map((p) => [p.label, p.name, p.value, p.why]),
              })}
            />
            <p className="mt-3 text-muted-foreground text-sm">
              Units = owners × (1 − owners who did not pay). Net = store cut tiers applied to gross × regional
              pricing factor × (1 − average discount) × (1 − refunds) × (1 − VAT and sales tax). Free-to-play
              games sell no copies; their in-game purchases are not estimated. A price of 0 counts as free to
              play only for a game filed under Free to Play (genre or tag): SteamSpy also answers 0 for paid
              games no longer sold, whose price is then unknown, so units are estimated and revenue is not.
            </p>
          </Section>
          <Section title="Back-test" description="Generated by `bun run estimates:backtest FILE --save`.">
            {data.backtest ? (
              <BacktestTable backtest={data.backtest} />
            ) : (
              <p className="text-muted-foreground text-sm">No back-test has been saved for this model yet.</p>
            )}
          </Section>
          <Section title="AI figures" description="How each figure on the AI Analytics screen is computed.">
            <dl className="grid gap-3 text-sm">
              {data.aiFigures.map((f) => (
                <div key={f.figure}>
                  <dt className="font-medium">{f.figure}</dt>
                  <dd className="text-muted-foreground">{f.how}</dd>
                </div>
              ))}
            </dl>
          </Section>
          <Section
            title="AI Analytics projections, tested"
            description="Generated by `bun run ai:backtest`: next month's direction against “same as last month”."
          >
            <AiBacktestPanel />
          </Section>
        </>
      )}
    </div>
  );
}

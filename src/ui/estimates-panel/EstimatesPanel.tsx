import { MISSING_ESTIMATE } from "../../contracts/estimate-words.ts";
import { type EstimateRange, estimateSourceLine, type GameEstimate } from "../../contracts/estimates.ts";
import { conversionText } from "../../contracts/price-conversion.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { Alert, AlertDescription } from "../alert/index.ts";
import { Badge } from "../badge/index.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../card/index.ts";
import { cn } from "../cn.ts";
import { ExportCsvButton } from "../export/index.ts";
import { datedProvenance, publishedUnits } from "../published-sales/index.ts";
import { Skeleton } from "../skeleton/index.ts";
import { describeAsOf, SourceNote } from "../source-note/index.ts";
import { estimateMethodsCsv } from "./methods-csv.ts";

/** The estimate's notes, one per line, in a note. */
function EstimateNotes({ notes, variant = "default" }: { notes: string[]; variant?: "default" | "warning" }) {
  return (
    <Alert variant={variant}>
      <AlertDescription>
        <ul className="grid gap-1">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/** 1234567 → "1.23M"; estimates carry three significant digits at most. */
export function compactFigure(value: number, currency = false): string {
  const sign = currency ? "$" : "";
  const abs = Math.abs(value);
  const [div, suffix] = abs >= 1e9 ? [1e9, "B"] : abs >= 1e6 ? [1e6, "M"] : abs >= 1e3 ? [1e3, "K"] : [1, ""];
  const scaled = value / div;
  const digits = Math.abs(scaled) >= 100 || div === 1 ? 0 : Math.abs(scaled) >= 10 ? 1 : 2;
  return `${sign}${Number(scaled.toFixed(digits))}${suffix}`;
}

function RangeBar({ range, label, point }: { range: EstimateRange; label: string; point: boolean }) {
  // Log scale: P10 at the left end, P90 at the right, the P50 marker where it falls between them
  // (none for a low-signal estimate, which gives no point).
  const span = Math.log(Math.max(range.high, 1)) - Math.log(Math.max(range.low, 1));
  const at = span > 0 ? (Math.log(Math.max(range.mid, 1)) - Math.log(Math.max(range.low, 1))) / span : 0.5;
  return (
    <div
      className="relative h-2 w-full rounded-full bg-primary/20"
      role="img"
      aria-label={point ? `${label}: P10 to P90 range with the P50 marked` : `${label}: P10 to P90 range`}
    >
      {point && (
        <div
          className="absolute top-1/2 h-4 w-1 -translate-x-1/2 -translate-y-1/2 rounded bg-primary"
          style={{ left: `${Math.min(100, Math.max(0, at * 100))}%` }}
        />
      )}
    </div>
  );
}

/** "538 – 8.62K": a low-signal estimate's figure, its P10–P90 range (issue 11: "never a false point"). */
function rangeFigure(range: EstimateRange, currency = false): string {
  return `${compactFigure(range.low, currency)} – ${compactFigure(range.high, currency)}`;
}

function FigureRow({
  label,
  range,
  currency,
  missing,
  lowSignal = false,
}: {
  label: string;
  range: EstimateRange | null;
  currency?: boolean;
  missing?: string;
  /** Too little signal for a point: the range leads, and no P50 is drawn. */
  lowSignal?: boolean;
}) {
  return (
    <div data-slot="estimate-row" className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-muted-foreground text-sm">{label}</span>
        {range ? (
          <span className="font-semibold text-lg tabular-nums">
            {lowSignal ? rangeFigure(range, currency) : compactFigure(range.mid, currency)}
          </span>
        ) : (
          <span className="text-muted-foreground text-sm">{missing}</span>
        )}
      </div>
      {range && (
        <>
          <RangeBar range={range} label={label} point={!lowSignal} />
          <div className="flex justify-between text-muted-foreground text-xs tabular-nums">
            <span>P10 {compactFigure(range.low, currency)}</span>
            <span>P90 {compactFigure(range.high, currency)}</span>
          </div>
        </>
      )}
    </div>
  );
}

/** " (SteamSpy, May 2019)": where an input comes from and when; "" where that is not known. */
function fromWhere(
  source: string | null | undefined,
  asOf: string | null | undefined,
  now?: number,
  more?: string,
): string {
  if (!source) return "";
  const when = describeAsOf(asOf ?? null, now);
  return ` (${when ? `${source}, ${when}` : source}${more ? `; ${more}` : ""})`;
}

/** The inputs the estimate used, each with its own source and time (they may be years apart). */
export function describeInputs(
  inputs: GameEstimate["inputs"],
  sources: GameEstimate["inputSources"],
  now?: number,
): Array<[string, string]> {
  const reviews =
    inputs.positiveReviews == null && inputs.negativeReviews == null
      ? "unknown"
      : `${(inputs.positiveReviews ?? 0).toLocaleString("en-US")} positive, ${(inputs.negativeReviews ?? 0).toLocaleString("en-US")} negative${fromWhere(sources?.reviews?.source, sources?.reviews?.asOf, now)}`;
  const price =
    inputs.priceUsd == null ? "unknown" : inputs.priceUsd === 0 ? "free" : `$${inputs.priceUsd.toFixed(2)}`;
  return [
    ["Reviews", reviews],
    [
      "Price",
      inputs.priceUsd == null
        ? price
        : // A price converted from another currency says so: the revenue is built on it (review r19d #6).
          `${price}${fromWhere(sources?.price?.source, sources?.price?.asOf, now, inputs.priceUsd > 0 && sources?.price?.conversion ? conversionText(sources.price.conversion) : undefined)}`,
    ],
    ["Release year", inputs.releaseYear == null ? "unknown" : String(inputs.releaseYear)],
    ["Genres", inputs.genres.length ? inputs.genres.join(", ") : "none"],
    [
      "Owners band",
      inputs.ownersBand
        ? `${inputs.ownersBand.low.toLocaleString("en-US")} .. ${inputs.ownersBand.high.toLocaleString("en-US")}${fromWhere(inputs.ownersBand.source, inputs.ownersBand.asOf, now)}`
        : "none",
    ],
    [
      "Player series",
      inputs.playerSeries
        ? `${compactFigure(inputs.playerSeries.playerHours)} player-hours, ${inputs.playerSeries.from} to ${inputs.playerSeries.to} (${inputs.playerSeries.source})`
        : "none",
    ],
    [
      "Most players at once",
      inputs.peakPlayers
        ? `${inputs.peakPlayers.toLocaleString("en-US")}${fromWhere(sources?.peakPlayers?.source, sources?.peakPlayers?.asOf, now)}: a floor under owners`
        : "none",
    ],
  ];
}

/**
 * A game the owners model does not cover (`covered: false`: not on Steam, no Steam signal): why there
 * is no estimate, and the units a sales dataset published for it, if any, in its place.
 */
function NotCovered({
  estimate,
  published,
  now,
}: {
  estimate: GameEstimate;
  published?: { units: number; provenance: Provenance[] } | null;
  now?: number;
}) {
  return (
    <>
      <EstimateNotes notes={estimate.notes} />
      {published ? (
        <div data-slot="estimate-row" className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3">
            <span className="text-muted-foreground text-sm">Units sold (published, not an estimate)</span>
            <span className="font-semibold text-lg tabular-nums">{publishedUnits(published.units)}</span>
          </div>
          <SourceNote provenance={datedProvenance(published.provenance)} now={now} />
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">No published sales figure for this game either.</p>
      )}
    </>
  );
}

/**
 * A game's sales estimates (issue 11): owners, units and revenue as P50 with the P10–P90 range,
 * each method's figure and weight, the inputs used, and a link to how it is all computed. For a game
 * the model does not cover, no figure: why, and the published units (`published`) where there are any.
 */
export function EstimatesPanel({
  estimate,
  published,
  loading,
  error,
  methodologyHref = "/methodology",
  className,
  exportFileName,
  now,
}: {
  estimate?: GameEstimate | null;
  /** Units a sales dataset published for the game: shown in place of figures the model does not give. */
  published?: { units: number; provenance: Provenance[] } | null;
  loading?: boolean;
  error?: string | null;
  methodologyHref?: string;
  className?: string;
  /** The Methods table as CSV (`estimateMethodsCsv`), under this file name; no button without it. */
  exportFileName?: string;
  /** Fixed clock for stories and tests. */
  now?: number;
}) {
  const free = estimate?.inputs.priceUsd === 0;
  return (
    <Card data-slot="estimates-panel" className={cn("w-full", className)}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Sales estimates</CardTitle>
          {estimate && estimate.covered !== false && (
            <Badge variant="outline">model {estimate.modelVersion}</Badge>
          )}
        </div>
        <CardDescription>
          {estimate?.covered === false
            ? "Owners, units and revenue of Steam games, estimated from their reviews, owners bands and players."
            : estimate?.lowSignal
              ? "The P10–P90 range, with no single figure: too little is known of this game for one. The true figure is below P10 or above P90 one time in ten each."
              : "P50 with the P10–P90 range: the true figure is below P10 or above P90 one time in ten each."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {loading && !estimate ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading estimates">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : error && !estimate ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>Estimates could not be loaded: {error}</AlertDescription>
          </Alert>
        ) : !estimate ? (
          <p className="text-muted-foreground text-sm">No estimate for this game.</p>
        ) : estimate.covered === false ? (
          <>
            <NotCovered estimate={estimate} published={published} now={now} />
            <a className="text-primary text-sm underline-offset-4 hover:underline" href={methodologyHref}>
              How these estimates are made
            </a>
          </>
        ) : (
          <>
            {estimate.notes.length > 0 && (
              <EstimateNotes notes={estimate.notes} variant={estimate.lowSignal ? "warning" : "default"} />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <FigureRow label="Owners" range={estimate.owners} lowSignal={estimate.lowSignal} />
              {/* A free game sells no copies: its 0s are no measurement, and in-game spending is not estimated. */}
              <FigureRow
                label="Units sold"
                range={free ? null : estimate.unitsSold}
                missing={MISSING_ESTIMATE.freeUnits}
                lowSignal={estimate.lowSignal}
              />
              <FigureRow
                label="Gross revenue (USD)"
                range={free ? null : estimate.revenue.gross}
                currency
                missing={free ? MISSING_ESTIMATE.freeRevenue : MISSING_ESTIMATE.noPrice}
                lowSignal={estimate.lowSignal}
              />
              <FigureRow
                label="Net revenue (USD)"
                range={free ? null : estimate.revenue.net}
                currency
                missing={free ? MISSING_ESTIMATE.freeRevenue : MISSING_ESTIMATE.noPrice}
                lowSignal={estimate.lowSignal}
              />
            </div>
            <div>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-medium text-sm">Methods</h3>
                {exportFileName && (
                  <ExportCsvButton
                    fileName={exportFileName}
                    aria-label="Export CSV of Methods"
                    data={() => estimateMethodsCsv(estimate)}
                  />
                )}
              </div>
              {/*
                Each method's detail is a row of its own under its figures, the table's full width: beside
                them it squeezed the number columns until their headers ran together at 390 px.
              */}
              <table className="w-full text-sm" data-slot="estimate-methods">
                <thead className="text-left text-muted-foreground text-xs">
                  <tr>
                    <th scope="col" className="pb-1 font-normal">
                      Method
                    </th>
                    <th scope="col" className="pb-1 pl-3 text-right font-normal">
                      Owners P50
                    </th>
                    <th scope="col" className="pb-1 pl-3 text-right font-normal">
                      P10–P90
                    </th>
                    <th scope="col" className="pb-1 pl-3 text-right font-normal">
                      Weight
                    </th>
                  </tr>
                </thead>
                {estimate.methods.map((m) => (
                  <tbody key={m.name} className="border-border border-t">
                    <tr className="align-top">
                      <th scope="row" className="pt-1.5 text-left font-normal">
                        {m.label}
                      </th>
                      {m.owners ? (
                        <>
                          <td className="whitespace-nowrap pt-1.5 pl-3 text-right tabular-nums">
                            {compactFigure(m.owners.mid)}
                          </td>
                          <td className="whitespace-nowrap pt-1.5 pl-3 text-right tabular-nums">
                            {compactFigure(m.owners.low)}–{compactFigure(m.owners.high)}
                          </td>
                        </>
                      ) : (
                        // Outside the range it was fitted on: no figure; the detail below says why.
                        <td colSpan={2} className="pt-1.5 pl-3 text-right text-muted-foreground text-xs">
                          no figure (outside the fitted range)
                        </td>
                      )}
                      <td className="whitespace-nowrap pt-1.5 pl-3 text-right tabular-nums">
                        {Math.round(m.weight * 100)} %
                      </td>
                    </tr>
                    <tr>
                      <td colSpan={4} className="pb-1.5 text-muted-foreground text-xs">
                        {m.detail}
                      </td>
                    </tr>
                  </tbody>
                ))}
              </table>
            </div>
            <div>
              <h3 className="mb-2 font-medium text-sm">Inputs used</h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {describeInputs(estimate.inputs, estimate.inputSources, now).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-muted-foreground">{k}</dt>
                    <dd className="min-w-0 break-words">{v}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <SourceNote provenance={estimateSourceLine(estimate)} now={now} />
              <a className="text-primary text-sm underline-offset-4 hover:underline" href={methodologyHref}>
                How these estimates are made
              </a>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

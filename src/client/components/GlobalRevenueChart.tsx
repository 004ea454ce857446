import type { MarketHistory } from "../../contracts/sources.ts";
import { BarChart, LineChart } from "../../ui/charts/index.ts";
import { formatBillions } from "../format/numbers.ts";
import { revenueCaveat, revenueKey, revenueYearMark, revenueYearNote } from "./global-revenue.ts";

/**
 * Newzoo's global games revenue per year as a line (Analytics) or bars (the Dashboard's Analytics
 * tab), with what both must say (review r27-a, item 3): the years come from different editions, so
 * the line between two is no growth; a low-confidence year (2012, back-calculated) and a year a
 * later edition revised are marked in the tooltip, the values table and a key, each meaning its own
 * entry (review r34-a #1); the axis names the years alone.
 */
export function GlobalRevenueChart({
  years,
  kind,
}: {
  years: MarketHistory["globalRevenue"];
  kind: "line" | "bar";
}) {
  const caveat = revenueCaveat(years);
  const key = revenueKey(years);
  return (
    <div className="grid gap-2">
      {kind === "line" ? (
        <LineChart
          series={[
            {
              name: "Revenue",
              points: years.map((r) => {
                const note = revenueYearNote(r);
                const mark = revenueYearMark(r);
                return {
                  x: String(r.year),
                  y: r.revenue,
                  forecast: r.forecast,
                  ...(note ? { note } : {}),
                  ...(mark ? { mark } : {}),
                };
              }),
            },
          ]}
          marks={key}
          xName="Year"
          emptyText="No revenue data available"
          formatValue={formatBillions}
        />
      ) : (
        <BarChart
          data={years.map((r) => {
            const note = revenueYearNote(r);
            return { label: String(r.year), value: r.revenue, ...(note ? { note } : {}) };
          })}
          keys={key.map((k) => k.key)}
          labelName="Year"
          seriesName="Revenue"
          emptyText="No revenue data available"
          formatValue={formatBillions}
        />
      )}
      {caveat && (
        <p className="text-muted-foreground text-xs" data-testid="revenue-caveat">
          {caveat}
        </p>
      )}
    </div>
  );
}

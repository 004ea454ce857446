import type { MarketHistory } from "../../contracts/sources.ts";
import { BarChart, LineChart } from "../../ui/charts/index.ts";
import { formatBillions } from "../format/numbers.ts";
import { revenueCaveat, revenueYearNote } from "./global-revenue.ts";

/**
 * Newzoo's global games revenue per year as a line (Analytics) or bars (the Dashboard's Analytics
 * tab), with what both must say (review r27-a, item 3): the years come from different editions, so
 * the line between two is no growth; a low-confidence year (2012, back-calculated) and a year a
 * later edition revised are marked.
 */
export function GlobalRevenueChart({
  years,
  kind,
}: {
  years: MarketHistory["globalRevenue"];
  kind: "line" | "bar";
}) {
  const caveat = revenueCaveat(years);
  return (
    <div className="grid gap-2">
      {kind === "line" ? (
        <LineChart
          series={[
            {
              name: "Revenue",
              points: years.map((r) => {
                const note = revenueYearNote(r);
                return { x: String(r.year), y: r.revenue, forecast: r.forecast, ...(note ? { note } : {}) };
              }),
            },
          ]}
          xName="Year"
          emptyText="No revenue data available"
          formatValue={formatBillions}
        />
      ) : (
        <BarChart
          data={years.map((r) => {
            const note = revenueYearNote(r);
            return { label: note ? `${r.year} (${note})` : String(r.year), value: r.revenue };
          })}
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

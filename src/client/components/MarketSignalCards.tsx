import { Brain, Gauge } from "lucide-react";
import { lazy, Suspense } from "react";
import type { OverviewFigures } from "../../contracts/games.ts";
import { MetricCard } from "../../ui/metric-card/index.ts";
import { loadChunk } from "../recovery/chunks.ts";

// The two cards and their words load after the first screen (the first route's budget, issue 13).
const SignalCards = lazy(() => loadChunk(() => import("./SignalCards.tsx")));

/**
 * The two premium metric cards of the Overview and the Dashboard (SignalCards.tsx): AI predictions
 * and market volatility, locked for regular users. Until their chunk is in, two loading cards.
 */
export function MarketSignalCards(props: {
  figures: OverviewFigures | undefined;
  premium: boolean;
  loading: boolean;
}) {
  return (
    <Suspense
      fallback={
        <>
          <MetricCard title="AI Predictions" icon={Brain} loading value={null} />
          <MetricCard title="Market Volatility" icon={Gauge} loading value={null} />
        </>
      }
    >
      <SignalCards {...props} />
    </Suspense>
  );
}

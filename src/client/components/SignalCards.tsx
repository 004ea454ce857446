import { Brain, Gauge } from "lucide-react";
import type { OverviewFigures } from "../../contracts/games.ts";
import { MetricCard } from "../../ui/metric-card/index.ts";
import { PremiumLock } from "../../ui/premium-lock/index.ts";
import { aiPredictionsText } from "./ai-predictions-text.ts";
import { CatalogSourceNote } from "./CatalogSourceNote.tsx";
import { GENRE_SERIES_FILLS, GENRE_SERIES_RULE } from "./ProductState.tsx";

/**
 * (Loaded after the first screen by MarketSignalCards.tsx: these cards' words are long and Premium's.)
 * The two premium metric cards of the Overview and the Dashboard: AI predictions (games the AI's
 * market prediction projects to rise or decline over its horizon, issue 12) and market volatility. Regular users see them locked; the server does
 * not send them these figures at all.
 */
export default function SignalCards({
  figures,
  premium,
  loading,
}: {
  figures: OverviewFigures | undefined;
  premium: boolean;
  loading: boolean;
}) {
  const predictions = figures?.aiPredictions;
  const ai = aiPredictionsText(figures);
  const volatility = figures?.marketVolatility;
  return (
    <>
      <PremiumLock locked={!premium} message="Upgrade to Premium to see AI predictions">
        <MetricCard
          title="AI Predictions"
          icon={Brain}
          loading={premium && loading}
          // With no game projected: "–" and why, not "0 rising" (ai-predictions-text.ts).
          value={ai.value}
          hint={ai.hint}
          footer={predictions && <CatalogSourceNote provenance={predictions.provenance} className="mt-1" />}
        />
      </PremiumLock>
      <PremiumLock locked={!premium} message="Upgrade to Premium to see market volatility">
        <MetricCard
          title="Market Volatility"
          icon={Gauge}
          loading={premium && loading}
          value={volatility?.score != null ? `${volatility.score.toFixed(1)} / 10` : "–"}
          hint={
            volatility && volatility.categories > 0 ? (
              `average over ${volatility.categories} ${volatility.categories === 1 ? "genre" : "genres"}`
            ) : volatility ? (
              // None yet: say what a genre needs rather than "average over 0 genres".
              <>
                {GENRE_SERIES_RULE} {GENRE_SERIES_FILLS}
              </>
            ) : (
              "average over genres"
            )
          }
          footer={
            volatility?.provenance && (
              <CatalogSourceNote provenance={volatility.provenance} className="mt-1" />
            )
          }
        />
      </PremiumLock>
    </>
  );
}

import { ComingSoonPage } from "../coming-soon/ComingSoonPage.tsx";

/** Spec §2 "AI analytics": game analysis, market insights, recommendations and trending topics. */
export default function AiAnalyticsPage() {
  return (
    <ComingSoonPage
      title="AI Analytics"
      description="Game analysis, market insights, recommendations and trending topics."
    />
  );
}

import { ComingSoonPage } from "../coming-soon/ComingSoonPage.tsx";

/** Premium market and revenue analytics (spec §6). */
export default function AnalyticsPage() {
  return <ComingSoonPage title="Analytics" description="Market and revenue analytics." />;
}

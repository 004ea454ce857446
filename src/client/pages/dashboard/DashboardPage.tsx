import { ComingSoonPage } from "../coming-soon/ComingSoonPage.tsx";

/** Spec §2 "Dashboard": live platform statistics, charts and reports. */
export default function DashboardPage() {
  return (
    <ComingSoonPage
      title="Gaming Analytics Dashboard"
      description="Live platform statistics, charts and reports."
    />
  );
}

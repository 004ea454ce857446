import { ComingSoonPage } from "../coming-soon/ComingSoonPage.tsx";

/** Spec §2 "Workflows (admin)": the data pipelines that keep the catalog fresh. Reached only through the admin guard. */
export default function WorkflowsPage() {
  return <ComingSoonPage title="Workflows" description="The data pipelines that keep the catalog fresh." />;
}

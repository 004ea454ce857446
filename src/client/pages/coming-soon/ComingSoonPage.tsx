import { Hammer } from "lucide-react";
import { EmptyState } from "../../../ui/index.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";

/** A screen whose content is still being built: its real header and an honest note, no made-up figures. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={Hammer}
        title="Coming soon"
        description="This screen is being built. It will show figures computed from real data, never samples."
      />
    </div>
  );
}

import { ShieldAlert } from "lucide-react";
import { ScreenHeading } from "../../layout/PageHeader.tsx";

/** Spec §2 "Admin Dashboard": what a non-admin sees. */
export function AccessDenied() {
  return (
    <div
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center"
      data-testid="access-denied"
    >
      <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
      <ScreenHeading title="Access Denied" className="font-bold text-2xl" />
      <p className="text-muted-foreground">You need administrator privileges to access this page.</p>
    </div>
  );
}

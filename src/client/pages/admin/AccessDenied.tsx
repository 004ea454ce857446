import { ShieldAlert } from "lucide-react";

/** Spec §2 "Admin Dashboard": what a non-admin sees. */
export function AccessDenied() {
  return (
    <div
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center"
      data-testid="access-denied"
    >
      <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="font-bold text-2xl">Access Denied</h1>
      <p className="text-muted-foreground">You need administrator privileges to access this page.</p>
    </div>
  );
}

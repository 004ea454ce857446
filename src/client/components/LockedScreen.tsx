import { Lock } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../ui/button/index.ts";
import { EmptyState } from "../../ui/empty-state/index.ts";

/** A premium screen as a regular user sees it: what it opens, and the way to the plans. */
export function LockedScreen({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      icon={Lock}
      title={title}
      description={description}
      action={
        <Button variant="premium" asChild>
          <Link href="/settings#plan">Upgrade Now</Link>
        </Button>
      }
    />
  );
}

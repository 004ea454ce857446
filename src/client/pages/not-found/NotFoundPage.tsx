import { Ghost } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../ui/button/index.ts";
import { ScreenHeading } from "../../layout/PageHeader.tsx";

export default function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <Ghost className="size-14 text-muted-foreground" aria-hidden="true" />
      <ScreenHeading title="Page Not Found" className="font-bold text-3xl" />
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link href="/">Back to Overview</Link>
      </Button>
    </div>
  );
}

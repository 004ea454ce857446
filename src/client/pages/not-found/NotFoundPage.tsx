import { Ghost } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../ui/button/index.ts";
import { pageTitle } from "../../layout/PageHeader.tsx";
import { headingArrived } from "../../layout/screen-focus.ts";

export default function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <Ghost className="size-14 text-muted-foreground" aria-hidden="true" />
      <title>{pageTitle("Page Not Found")}</title>
      <h1 ref={headingArrived} tabIndex={-1} className="font-bold text-3xl">
        Page Not Found
      </h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link href="/">Back to Overview</Link>
      </Button>
    </div>
  );
}

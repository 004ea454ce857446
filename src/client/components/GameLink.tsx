import { Link } from "wouter";
import { cn } from "../../ui/cn.ts";

/** A game's name as a link to its page: every name, row and result in the app opens it. */
export function GameLink({ id, name, className }: { id: string; name: string; className?: string }) {
  return (
    <Link href={`/games/${encodeURIComponent(id)}`} className={cn("hover:underline", className)}>
      {name}
    </Link>
  );
}

import { cn } from "../cn.ts";

/** Live (green, pulsing) or not (grey), with its words for screen readers and sighted users alike. */
export function StatusDot({ live, label, className }: { live: boolean; label?: string; className?: string }) {
  const text = label ?? (live ? "Live" : "Disconnected");
  return (
    <span
      data-slot="status-dot"
      data-live={live}
      className={cn("inline-flex items-center gap-2 text-sm", className)}
    >
      <span className="relative flex size-2.5">
        {live && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
        )}
        <span
          className={cn(
            "relative inline-flex size-2.5 rounded-full",
            live ? "bg-success" : "bg-muted-foreground",
          )}
        />
      </span>
      <span className={live ? "text-success" : "text-muted-foreground"}>{text}</span>
    </span>
  );
}

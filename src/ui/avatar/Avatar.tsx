import { User } from "lucide-react";
import { useState } from "react";
import { cn } from "../cn.ts";
import { initialOf } from "./initial.ts";

/**
 * A round avatar: the picture when there is one; without a picture, the name's initial; a picture
 * that fails to load is hidden and a placeholder icon takes its place (spec §4 "Failed image load").
 */
export function Avatar({
  src,
  name,
  className,
}: {
  src?: string | null;
  name?: string | null;
  className?: string;
}) {
  // Remember which address failed, so a new picture gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !!src && failedSrc === src;
  const initial = initialOf(name);
  return (
    <span
      data-slot="avatar"
      className={cn(
        "relative inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-primary to-chart-2 font-semibold text-primary-foreground text-sm",
        className,
      )}
    >
      {src && !failed ? (
        <img
          src={src}
          alt={name ?? "Avatar"}
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : initial && !failed ? (
        <span role="img" aria-label={name ?? undefined}>
          {initial}
        </span>
      ) : (
        <span role="img" aria-label={name || "User"} className="flex size-full items-center justify-center">
          <User className="size-1/2" aria-hidden="true" />
        </span>
      )}
    </span>
  );
}

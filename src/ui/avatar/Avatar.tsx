import { User } from "lucide-react";
import { useState } from "react";
import { cn } from "../cn.ts";

/**
 * A round avatar: the picture when it loads; otherwise the name's initial; a broken picture with no
 * name falls back to a placeholder icon.
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
  const [failed, setFailed] = useState(false);
  const initial = name?.trim().charAt(0).toUpperCase();
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
          onError={() => setFailed(true)}
        />
      ) : initial ? (
        <span role="img" aria-label={name ?? undefined}>
          {initial}
        </span>
      ) : (
        <span role="img" aria-label="User" className="flex size-full items-center justify-center">
          <User className="size-1/2" aria-hidden="true" />
        </span>
      )}
    </span>
  );
}

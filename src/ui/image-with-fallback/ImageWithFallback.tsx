import { Gamepad2 } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { cn } from "../cn.ts";

/**
 * Spec §4: a failed image load hides the picture and shows a placeholder icon.
 * Protocol-relative URLs (IGDB's `//images…`) get `https:` (spec §3 "Search result").
 */
export function ImageWithFallback({ src, alt, className, ...props }: ComponentProps<"img">) {
  const url = typeof src === "string" && src.startsWith("//") ? `https:${src}` : src;
  // Remember which address failed, so a new picture gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = !!url && failedUrl === url;
  if (!url || failed) {
    return (
      <div
        data-slot="image-fallback"
        role="img"
        aria-label={alt || "No image"}
        className={cn("flex items-center justify-center bg-muted text-muted-foreground", className)}
      >
        <Gamepad2 className="size-1/3 max-h-10 max-w-10" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      data-slot="image"
      src={url}
      alt={alt}
      loading="lazy"
      onError={() => setFailedUrl(url ?? null)}
      className={cn("object-cover", className)}
      {...props}
    />
  );
}

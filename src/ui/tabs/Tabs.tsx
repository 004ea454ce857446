import { Tabs as TabsPrimitive } from "radix-ui";
import { type ComponentProps, useEffect, useRef } from "react";
import { cn } from "../cn.ts";

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  const root = useRef<HTMLDivElement>(null);
  // The chosen tab is scrolled into the strip's view, sideways only (never the page): a tab chosen for
  // the user (Game Tracking's Search Results as they type) is not left cut at the edge of a phone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the chosen tab changes.
  useEffect(() => {
    const tab = root.current?.querySelector<HTMLElement>(':scope > [role="tablist"] > [data-state="active"]');
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    const t = tab.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    if (t.right > l.right) list.scrollLeft += t.right - l.right + 4;
    else if (t.left < l.left) list.scrollLeft -= l.left - t.left + 4;
  }, [props.value]);
  return (
    <TabsPrimitive.Root
      ref={root}
      data-slot="tabs"
      className={cn("flex flex-col gap-4", className)}
      {...props}
    />
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        // One row that scrolls sideways where the screen is too narrow (Dashboard's five tabs on a phone);
        // scroll-hint-x shades the side that has more, so a cut label ("Search Re…") reads as a strip
        // that scrolls (review 20, item 12).
        "scroll-hint-x inline-flex h-10 w-fit max-w-full items-center justify-start overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-full cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 font-medium text-sm transition-all focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    // Radix makes the panel a Tab stop after its tab; focused from the keyboard, it shows a ring.
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        "rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        className,
      )}
      {...props}
    />
  );
}

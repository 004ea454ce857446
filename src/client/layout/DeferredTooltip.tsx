import { type ComponentProps, lazy, Suspense } from "react";
import type { Tooltip } from "../../ui/tooltip/index.ts";

/**
 * The sidebar's tooltip without Radix Tooltip and its positioning engine in the shell's first
 * download (about a fifth of it): the kit's Tooltip loads in its own chunk, requested as soon as
 * this module runs, and the trigger renders on its own until then. It brings its own provider
 * with the spec's delays, since the app no longer wraps everything in one.
 */
const load = () => import("../../ui/tooltip/index.ts");
const pending = load();
// A failure here is handled where the module is used (one more try, then no tooltip).
pending.catch(() => {});

type Props = ComponentProps<typeof Tooltip>;

const LazyTooltip = lazy(async () => {
  try {
    const { Tooltip: KitTooltip, TooltipProvider } = await pending.catch(load);
    return {
      default: (props: Props) => (
        <TooltipProvider>
          <KitTooltip {...props} />
        </TooltipProvider>
      ),
    };
  } catch {
    // The sidebar must not fall over for a tooltip: the trigger alone still says "(Premium)".
    return { default: (props: Props) => <>{props.children}</> };
  }
});

export function DeferredTooltip(props: Props) {
  return (
    <Suspense fallback={props.children}>
      <LazyTooltip {...props} />
    </Suspense>
  );
}

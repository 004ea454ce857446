import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, type RefObject, useRef } from "react";
import { cn } from "../cn.ts";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

interface ReturnFocusOptions extends AutoFocusHandlers {
  /**
   * Where focus goes on close when nothing had it as the dialog opened: a dialog that opens when a
   * request ends, after its button showed `loading` (a disabled button loses focus to <body>).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Focus goes back to the control that opened the dialog when it closes (Escape, a Close or Cancel
 * button, an outside click). Radix does this only for a `Dialog.Trigger`; a dialog opened from state
 * (`<Dialog open={…}>`: a confirm step, a report that arrived, the mobile menu) would leave focus on
 * <body>, and keyboard and screen-reader users would lose their place. The element focused when the
 * dialog opens is remembered and focused again on close, if it is still on the page; a handler of the
 * caller's that prevents the default keeps its own choice. Spread the result on a Radix
 * `Dialog.Content` (DialogContent does so already).
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocusTo,
}: ReturnFocusOptions = {}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Radix asks before it moves focus into the dialog: the opener still has it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current ?? returnFocusTo?.current ?? null;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      // Radix's own step (focus its Trigger, if any) runs only when this one did not.
      event.preventDefault();
      target.focus();
    },
  } satisfies AutoFocusHandlers;
}

export function DialogContent({
  className,
  children,
  closeLabel = "Close",
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocusTo,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> &
  Pick<ReturnFocusOptions, "returnFocusTo"> & {
    closeLabel?: string;
  }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, returnFocusTo });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm"
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-2xl",
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-4 right-4 cursor-pointer rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={closeLabel}
        >
          <X className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-header"
      className={cn("flex flex-col gap-1.5 text-center", className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("font-semibold text-xl", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-muted-foreground text-sm", className)}
      {...props}
    />
  );
}

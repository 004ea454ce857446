import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cn } from "../cn.ts";
import { dismissToast, TOAST_DURATION_MS, type ToastVariant, useToast } from "./toast-store.ts";

const VARIANT: Record<ToastVariant, string> = {
  default: "border-border bg-card text-card-foreground",
  success: "border-success/40 bg-card text-card-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

/**
 * Mount once near the root. Renders the toast store with Radix Toast (swipe, Esc, F8 hotkey). Bottom
 * right at every width: at the top a phone's toast covered the header's menu button and bell.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-slot="toast"
          data-variant={t.variant ?? "default"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg",
            VARIANT[t.variant ?? "default"],
          )}
        >
          {/* The description at full strength: white at 90 % on the destructive red read at 4.1:1. */}
          <div className="grid gap-1">
            {t.title && (
              <ToastPrimitive.Title className="font-semibold text-sm">{t.title}</ToastPrimitive.Title>
            )}
            {t.description && (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss"
            className="absolute top-2 right-2 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        data-slot="toast-viewport"
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}

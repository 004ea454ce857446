import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../cn.ts";
import { Spinner } from "../spinner/Spinner.tsx";

export const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium text-sm transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        outline: "border border-border bg-transparent hover:bg-accent hover:text-accent-foreground",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        link: "text-primary underline-offset-4 hover:underline",
        premium:
          "bg-gradient-to-r from-amber-400 to-yellow-500 text-neutral-950 shadow-sm hover:from-amber-300 hover:to-yellow-400",
      },
      size: {
        default: "h-9 px-4 py-2",
        sm: "h-8 rounded-md px-3 text-xs",
        lg: "h-11 rounded-md px-6 text-base",
        icon: "size-9",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's styles. */
  asChild?: boolean;
  /** Shows a spinner and disables the button; it keeps the focus (aria-disabled, as below). */
  loading?: boolean;
  /**
   * Disabled but still focusable (aria-disabled, clicks ignored): for a button that disables itself,
   * Track becoming "Tracked", so the keyboard focus stays on it rather than falling to the page. It
   * shows a not-allowed cursor and no hover change. Only activation is suppressed (a click, so also
   * Enter, Space and a form's implicit submit): a caller's `onPointerDown`, `onKeyDown` and the like
   * still run, so do not put such a button inside a trigger that opens on them (Radix's DropdownMenu
   * opens on pointerdown), or swallow them there as UsersTable's role select does.
   */
  focusableWhenDisabled?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  focusableWhenDisabled = false,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  // A disabled <button> drops the focus to <body>; aria-disabled keeps it where the user was.
  const inert = !asChild && (loading || (disabled && focusableWhenDisabled));
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={asChild || inert ? undefined : disabled}
      aria-disabled={inert || undefined}
      aria-busy={loading || undefined}
      onClick={inert ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading && <Spinner aria-hidden="true" label="" role="presentation" />}
          {children}
        </>
      )}
    </Comp>
  );
}

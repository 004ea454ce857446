import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef } from "react";
import type { PublicUser } from "../../contracts/roles.ts";
import { Button } from "../../ui/button/index.ts";
import { useReturnFocus } from "../../ui/dialog/index.ts";
import { Sidebar } from "./Sidebar.tsx";
import { focusScreen } from "./screen-focus.ts";

/**
 * The navigation drawer of narrow screens. Loaded the first time the menu opens, so wide screens
 * never download Radix Dialog with the shell. Radix Dialog gives the drawer a focus trap and Escape to
 * close; useReturnFocus returns focus to the menu button (the drawer has no Dialog.Trigger) when the
 * drawer is closed without a choice. Closed because a screen was chosen, the focus goes to that screen's
 * heading instead, as a move from the wide sidebar does: the new screen takes it while the drawer's
 * focus trap is still up, so the drawer, once gone, hands it on itself.
 */
export interface NavDrawerProps {
  user: PublicUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function NavDrawer({ user, open, onOpenChange }: NavDrawerProps) {
  const chose = useRef(false);
  const returnFocus = useReturnFocus({
    onCloseAutoFocus: (event) => {
      if (!chose.current) return;
      chose.current = false;
      event.preventDefault();
      focusScreen();
    },
  });
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto border-border border-r bg-background lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" className="absolute top-3 right-3" aria-label="Close menu">
              <X />
            </Button>
          </DialogPrimitive.Close>
          <Sidebar
            user={user}
            onNavigate={() => {
              chose.current = true;
              onOpenChange(false);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

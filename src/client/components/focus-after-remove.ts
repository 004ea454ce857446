import { useEffect, useRef } from "react";

/**
 * Keeps the focus in a list whose row a Remove button took away, and the focus with it (review 23: it
 * fell to <body>). Call the returned function with the pressed button (marked `data-remove`, inside an
 * element marked `data-remove-list`); once that button has left the page, the focus goes to the Remove
 * now in its place (the next row's), else to `fallback()` (the list's heading, the box that adds to it).
 * Nothing moves if the focus went somewhere else meanwhile.
 */
export function useFocusAfterRemove(fallback: () => HTMLElement | null | undefined) {
  const removed = useRef<{ button: HTMLElement; list: HTMLElement; at: number } | null>(null);
  useEffect(() => {
    const r = removed.current;
    if (!r || r.button.isConnected) return;
    removed.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const next = r.list.isConnected ? r.list.querySelectorAll<HTMLElement>("[data-remove]")[r.at] : undefined;
    (next ?? fallback())?.focus();
  });
  return (button: HTMLElement) => {
    const list = button.closest<HTMLElement>("[data-remove-list]");
    if (list)
      removed.current = { button, list, at: [...list.querySelectorAll("[data-remove]")].indexOf(button) };
  };
}

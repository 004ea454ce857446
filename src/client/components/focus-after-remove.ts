import { useEffect, useRef } from "react";

/**
 * Keeps the focus in a list whose row a Remove button took away, and the focus with it (review 23: it
 * fell to <body>). Call the returned function with the pressed button (marked `data-remove`, inside an
 * element marked `data-remove-list`); once that button has left the page, the focus goes to the Remove
 * now in its place (the next row's), else to `fallback()` (the list's heading, the box that adds to it).
 * Nothing moves if the focus went somewhere else meanwhile. Call it with `null` when the removal failed
 * (the row stays): a later refetch that drops that row must not move the focus (review 24, item 10).
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
  return (button: HTMLElement | null) => {
    const list = button?.closest<HTMLElement>("[data-remove-list]");
    removed.current =
      button && list
        ? { button, list, at: [...list.querySelectorAll("[data-remove]")].indexOf(button) }
        : null;
  };
}

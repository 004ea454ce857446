/**
 * Where the focus goes when the person moves to another screen, so a screen reader reads where they
 * are (WCAG 2.4.3): the new screen's heading (an h1 with tabIndex -1), or main while the screen's code
 * or data loads; the heading takes it from main once drawn (headingArrived). Not on the first load,
 * nor when only the query or hash changes: ScreenErrorBoundary calls focusScreen on a new path.
 */
export function focusScreen() {
  const main = document.getElementById("main")!;
  main.focus();
  main.querySelector("h1")?.focus();
}

/** A screen's h1, as a ref: takes the focus from main, where focusScreen left it while the screen loaded. */
export const headingArrived = (h1: HTMLHeadingElement | null) => {
  if (h1 && document.activeElement?.id === "main") h1.focus();
};

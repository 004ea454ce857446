import { useLayoutEffect, useState } from "react";

/** A value with what sets its point apart, as tooltips and the values table say it: "$66.4B (revised later)". */
export const withNote = (text: string, note: string | undefined) => (note ? `${text} (${note})` : text);

/**
 * A chart's figures as a table for screen readers and keyboard users (review r22/b, item 4): the
 * plot is an SVG whose values only a mouse-hover tooltip shows, so every chart of the kit carries
 * this visually hidden table of what it draws, one row per point, in the tooltip's wording.
 */
export function ChartValues({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** The header: the label's column first, then one per value. */
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}) {
  // The hiding is on a wrapper: a table keeps its content's width whatever its own width says, so a
  // long cell ("$66.4B (low confidence: …)") made the page scroll sideways on a phone (shell e2e).
  return (
    <div className="sr-only">
      <table data-slot="chart-values">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are the chart's points, in its order
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={columns[j]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[j]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below this width a chart draws fewer axis labels (a phone's card is about 330 px wide). */
export const NARROW_CHART = 480;

/**
 * The width of the element a chart is drawn in (pass the returned callback as its `ref`), read before
 * paint and on every resize, so a chart in a phone's card (or a half-width card on a desktop) fits
 * its axis labels to the room it has. 0 until measured.
 */
export function useElementWidth(): [(el: HTMLElement | null) => void, number] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, width];
}

/**
 * Every `step`-th label of a category axis of `count` labels, so those drawn fit `width` px at about
 * `labelWidth` px each (23 years on a phone drew as one smear): 1 (every label) when all fit or the
 * width is not known yet.
 */
export function labelStep(count: number, width: number, labelWidth: number): number {
  if (width <= 0 || count <= 1) return 1;
  const fit = Math.max(1, Math.floor(width / labelWidth));
  return Math.max(1, Math.ceil(count / fit));
}

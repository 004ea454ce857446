import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { loadChunk } from "../recovery/chunks.ts";
import type { ReportDialogProps as Props } from "./ReportDialog.tsx";

const View = lazy<ComponentType<Props>>(() =>
  loadChunk(() => import("./ReportDialog.tsx")).then((m) => ({ default: m.ReportDialog })),
);

/**
 * ReportDialog for a first screen (the Overview): the dialog and Radix Dialog load with the first
 * report opened, not with the screen. Once loaded it stays mounted so it can animate closed.
 */
export function LazyReportDialog({ report, onClose, returnFocusTo }: Props) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (report) setWanted(true);
  }, [report]);
  if (!wanted && !report) return null;
  return (
    <Suspense fallback={null}>
      <View report={report} onClose={onClose} returnFocusTo={returnFocusTo} />
    </Suspense>
  );
}

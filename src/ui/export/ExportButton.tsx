import { Download } from "lucide-react";
import { type CsvValue, csvFileName, toCsv } from "../../contracts/csv.ts";
import { Button, type ButtonProps } from "../button/Button.tsx";

/** Hands the browser a file to save: the one way the app's exports download. */
export function downloadFile(fileName: string, text: string, type: string): void {
  // A byte-order mark makes spreadsheet programs read the CSV as UTF-8 (RFC 4180 allows it before the header).
  const blob = new Blob([type.startsWith("text/csv") ? "\uFEFF" : "", text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface CsvData {
  /** Header cells, each with its unit: `players (players)`, `price (USD)`. */
  header: string[];
  rows: CsvValue[][];
}

/**
 * "Export CSV" on a table or chart: downloads what it shows (RFC 4180, UTF-8, a header row with units,
 * unformatted numbers, ISO times). `data` is read on click, so a large table is serialised only then.
 */
export function ExportCsvButton({
  fileName,
  data,
  label = "Export CSV",
  size = "sm",
  variant = "outline",
  ...props
}: { fileName: string; data: () => CsvData; label?: string } & Omit<ButtonProps, "onClick">) {
  return (
    <Button
      data-slot="export-csv"
      size={size}
      variant={variant}
      onClick={() => {
        const { header, rows } = data();
        downloadFile(
          fileName.endsWith(".csv") ? fileName : csvFileName(fileName),
          toCsv(header, rows),
          "text/csv;charset=utf-8",
        );
      }}
      {...props}
    >
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}

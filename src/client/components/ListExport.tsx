import { type CsvData, ExportCsvButton } from "../../ui/export/index.ts";

/** The Export CSV of a list of cards (what the list shows), right-aligned above it. */
export function ListExport({
  what,
  fileName,
  data,
}: {
  what: string;
  fileName: string;
  data: () => CsvData;
}) {
  return (
    <div className="mb-3 flex justify-end">
      <ExportCsvButton aria-label={`Export CSV of ${what}`} fileName={fileName} data={data} />
    </div>
  );
}

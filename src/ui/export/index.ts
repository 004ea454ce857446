export { type CsvData, downloadFile, ExportCsvButton } from "./ExportButton.tsx";

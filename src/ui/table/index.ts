export type { DataColumn } from "./Table.tsx";
export { DataTable, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./Table.tsx";

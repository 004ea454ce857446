export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./Table.tsx";

export { ColumnPicker, type PickableColumn } from "./ColumnPicker.tsx";

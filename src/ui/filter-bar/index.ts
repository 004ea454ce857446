export { FilterBar, type FilterField, type FilterValues } from "./FilterBar.tsx";

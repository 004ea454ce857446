export { Combobox, type ComboboxOption } from "./Combobox.tsx";

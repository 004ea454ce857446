export { Spinner } from "./Spinner.tsx";

export { Switch } from "./Switch.tsx";

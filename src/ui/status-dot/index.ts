export { StatusDot } from "./StatusDot.tsx";

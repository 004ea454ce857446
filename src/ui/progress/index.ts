export { Progress } from "./Progress.tsx";

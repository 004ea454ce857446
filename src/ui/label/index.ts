export { Label } from "./Label.tsx";

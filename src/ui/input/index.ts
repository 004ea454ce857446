export { Input } from "./Input.tsx";

export { ScrollArea } from "./ScrollArea.tsx";

export { Tooltip, TooltipProvider } from "./Tooltip.tsx";

export { compactFigure, EstimatesPanel } from "./EstimatesPanel.tsx";

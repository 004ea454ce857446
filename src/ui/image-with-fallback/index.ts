export { ImageWithFallback } from "./ImageWithFallback.tsx";

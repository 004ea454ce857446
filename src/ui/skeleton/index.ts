export { Skeleton } from "./Skeleton.tsx";

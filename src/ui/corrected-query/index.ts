export { CorrectedQuery } from "./CorrectedQuery.tsx";

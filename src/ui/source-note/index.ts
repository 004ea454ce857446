export { describeAsOf, SourceNote } from "./SourceNote.tsx";

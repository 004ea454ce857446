export { isRange, RANGES, type Range, RangeSelector, rangeStart } from "./RangeSelector.tsx";

import type { AiMetadata } from "../../../contracts/ai.ts";
import { plural } from "../../format/numbers.ts";

/**
 * The AI screen's wording of its metadata, as pure functions so that unit tests read the same text
 * the screen shows.
 */

/** "Number check: 1 figure checked against the facts, none unknown" (singular and plural). */
export function numberCheckText(check: AiMetadata["numberCheck"]): string {
  const dropped = check.dropped.length;
  return `Number check: ${plural(check.checked, "figure")} checked against the facts${
    dropped > 0 ? `, ${plural(dropped, "sentence")} dropped` : ", none unknown"
  }`;
}

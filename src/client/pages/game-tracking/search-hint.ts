import { SEARCH_MIN_LENGTH, searchableLength } from "../../../contracts/search-length.ts";

/** The spec's hint for a query of 1–2 characters (§2). */
const SHORT_QUERY_HINT = `Type at least ${SEARCH_MIN_LENGTH} characters to search`;
/**
 * For a query long enough but with fewer than 3 letters or digits ("!!!", "a b"): the search counts
 * only those (the server answers 422), so the hint names what is missing instead of the spec's
 * "characters", which such a query already has.
 */
const FEW_LETTERS_HINT = `Type at least ${SEARCH_MIN_LENGTH} letters or digits to search`;

/** The hint under the search box for a trimmed query; "" when it is empty or searchable. */
export function searchHint(trimmed: string): string {
  if (trimmed.length === 0 || searchableLength(trimmed) >= SEARCH_MIN_LENGTH) return "";
  return Array.from(trimmed).length < SEARCH_MIN_LENGTH ? SHORT_QUERY_HINT : FEW_LETTERS_HINT;
}

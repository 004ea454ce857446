import { ApiError } from "../api.ts";

/** Spec §8's text when a game could not be added to the watchlist. */
export const ADD_FAILED_TEXT = "Failed to add game to watchlist";

/**
 * The Error toast's description when adding a game failed: spec §8's text, followed by the server's
 * reason when the server refused the add for a reason the user can act on (409: the watchlist is at
 * its limit), as other screens show the server's messages; the spec's text alone otherwise.
 */
export function addFailedText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.problem?.detail) {
    return `${ADD_FAILED_TEXT}. ${error.problem.detail}.`;
  }
  return ADD_FAILED_TEXT;
}

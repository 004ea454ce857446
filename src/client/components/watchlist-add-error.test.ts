import { expect, test } from "vitest";
import { ApiError } from "../api.ts";
import { ADD_FAILED_TEXT, addFailedText } from "./watchlist-add-error.ts";

test("the spec's text, with the server's reason when the watchlist is full", () => {
  const detail = "A watchlist holds at most 1,000 games: remove one before adding another";
  const full = new ApiError(409, `409: ${detail}`, {
    type: "about:blank",
    title: "Conflict",
    status: 409,
    detail,
  });
  expect(addFailedText(full)).toBe(`Failed to add game to watchlist. ${detail}.`);
  expect(addFailedText(new ApiError(500, "500: oops"))).toBe(ADD_FAILED_TEXT);
  expect(addFailedText(new Error("network"))).toBe("Failed to add game to watchlist");
});

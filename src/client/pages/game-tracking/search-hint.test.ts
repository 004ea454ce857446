import { expect, test } from "vitest";
import { searchHint } from "./search-hint.ts";

test("no hint for an empty or searchable query", () => {
  expect(searchHint("")).toBe("");
  expect(searchHint("dot")).toBe("");
  expect(searchHint("c++ game")).toBe("");
});

test("the spec's hint for 1–2 characters", () => {
  expect(searchHint("d")).toBe("Type at least 3 characters to search");
  expect(searchHint("do")).toBe("Type at least 3 characters to search");
  expect(searchHint("!!")).toBe("Type at least 3 characters to search");
});

test("3+ characters with fewer than 3 letters or digits say letters or digits are needed", () => {
  expect(searchHint("!!!")).toBe("Type at least 3 letters or digits to search");
  expect(searchHint("a b")).toBe("Type at least 3 letters or digits to search");
  expect(searchHint("c++")).toBe("Type at least 3 letters or digits to search");
});

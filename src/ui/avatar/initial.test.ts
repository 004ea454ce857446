import { expect, test } from "vitest";
import { initialOf } from "./initial.ts";

// Review r29 #6: a name starting with an emoji showed "�", half of a UTF-16 surrogate pair.
test("the initial is the name's first whole character, upper-cased", () => {
  expect(initialOf("👩‍👩‍👧‍👦Zoë")).toBe("👩‍👩‍👧‍👦");
  expect(initialOf("😀 Sam")).toBe("😀");
  expect(initialOf("🇫🇷 Paris")).toBe("🇫🇷");
  // A letter with a combining accent is one character.
  expect(initialOf("e\u0301mile")).toBe("E\u0301");
  expect(initialOf("  ada@example.com")).toBe("A");
});

test("no name, or only spaces, has no initial", () => {
  expect(initialOf(null)).toBeFalsy();
  expect(initialOf(undefined)).toBeFalsy();
  expect(initialOf("   ")).toBeFalsy();
});

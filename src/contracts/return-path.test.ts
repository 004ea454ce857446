import { expect, test } from "vitest";
import { safeReturnPath } from "./return-path.ts";

test("same-site screens are kept, with their query", () => {
  expect(safeReturnPath("/dashboard")).toBe("/dashboard");
  expect(safeReturnPath("/igdb-games?q=doom&page=2")).toBe("/igdb-games?q=doom&page=2");
});

test("other sites, API paths, the landing page itself and odd input are refused", () => {
  for (const bad of [
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "/x\\y",
    "javascript:alert(1)",
    "dashboard",
    "/",
    "/api/logout",
    "/api",
    "/ws",
    "/a\nb",
    `/${"a".repeat(600)}`,
    "",
    null,
    undefined,
    42,
  ]) {
    expect(safeReturnPath(bad)).toBeNull();
  }
});

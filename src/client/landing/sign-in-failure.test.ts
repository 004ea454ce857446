import { expect, test } from "vitest";
import { TEMPORARY_PASSWORD_EXPIRED } from "../../contracts/auth.ts";
import { describeFailure } from "./sign-in-failure.ts";

const problem = (status: number, detail?: string) =>
  new Response(JSON.stringify({ type: "about:blank", title: "Unauthorized", status, detail }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });

// ADR 027 addendum: a right temporary password past its 24 hours is told as such, not as a wrong one.
test("a 401 shows the server's words: an expired temporary password, or the generic wrong-password text", async () => {
  expect((await describeFailure(problem(401, TEMPORARY_PASSWORD_EXPIRED), "signin")).text).toBe(
    "This temporary password has expired. Ask an admin for a new one.",
  );
  expect((await describeFailure(problem(401, "Incorrect email or password"), "signin")).text).toBe(
    "Incorrect email or password.",
  );
  expect((await describeFailure(new Response("not json", { status: 401 }), "signin")).text).toBe(
    "Incorrect email or password.",
  );
});

// WCAG 3.3.1: the fields a refusal is about are marked on the form (the island sets aria-invalid on them).
test("a refusal names the fields it is about: those of a 422, the email when taken, both for a wrong pair", async () => {
  const invalid = new Response(
    JSON.stringify({
      status: 422,
      errors: [{ field: "password", message: "Too short: at least 8 characters" }],
    }),
    { status: 422, headers: { "content-type": "application/problem+json" } },
  );
  expect(await describeFailure(invalid, "create")).toEqual({
    text: "Password: Too short: at least 8 characters",
    fields: ["password"],
  });
  expect((await describeFailure(problem(409, "taken"), "create")).fields).toEqual(["email"]);
  expect((await describeFailure(problem(401, "Incorrect email or password"), "signin")).fields).toEqual([
    "email",
    "password",
  ]);
  expect((await describeFailure(problem(429), "signin")).fields).toEqual([]);
  expect((await describeFailure(problem(503, "Down for maintenance"), "signin")).fields).toEqual([]);
});

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
  expect(await describeFailure(problem(401, TEMPORARY_PASSWORD_EXPIRED), "signin")).toBe(
    "This temporary password has expired. Ask an admin for a new one.",
  );
  expect(await describeFailure(problem(401, "Incorrect email or password"), "signin")).toBe(
    "Incorrect email or password.",
  );
  expect(await describeFailure(new Response("not json", { status: 401 }), "signin")).toBe(
    "Incorrect email or password.",
  );
});

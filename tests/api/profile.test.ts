import { expect, test } from "vitest";
import { NAME_MAX } from "../../src/contracts/auth.ts";
import { createTestUser, request } from "../helpers/api.ts";

test("a user sets their first and last name; the next request sees it; bad input names the field", async () => {
  const user = await createTestUser();
  const res = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { firstName: "  Ada ", lastName: "Lovelace" },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
  const me = await (await request("/api/auth/user", { cookie: user.cookie })).json();
  expect(me).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });

  const cleared = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { lastName: "" },
  });
  expect(await cleared.json()).toMatchObject({ firstName: "Ada", lastName: null });

  const bad = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { firstName: "x".repeat(NAME_MAX + 1) },
  });
  expect(bad.status).toBe(422);
  expect(JSON.stringify(await bad.json())).toContain("firstName");
  expect((await request("/api/user/profile", { method: "PATCH", json: { firstName: "Eve" } })).status).toBe(
    401,
  );
});

test("unknown or read-only keys are refused with 422 naming the field; an empty patch changes nothing", async () => {
  const user = await createTestUser({ firstName: "Ann" });
  for (const [json, field] of [
    [{ role: "admin" }, "role"],
    [{ email: "x@example.com" }, "email"],
    [{ firstName: "Bea", subscriptionTier: "enterprise" }, "subscriptionTier"],
  ] as const) {
    const res = await request("/api/user/profile", { method: "PATCH", cookie: user.cookie, json });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const problem = (await res.json()) as { errors: Array<{ field: string }> };
    expect(problem.errors.map((e) => e.field)).toContain(field);
  }
  // As PATCH /api/user/settings: an empty patch is accepted and changes nothing.
  const empty = await request("/api/user/profile", { method: "PATCH", cookie: user.cookie, json: {} });
  expect(empty.status).toBe(200);
  expect(await empty.json()).toMatchObject({ firstName: "Ann", role: "regular", email: user.user.email });
});

test("control characters in a name are refused naming the field, not stored cut short", async () => {
  const user = await createTestUser({ firstName: "Ann" });
  for (const name of ["Ann\u0000Evil", "Ann\u0007", "Ann\nEvil", "A\u009bB"]) {
    const res = await request("/api/user/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { lastName: name },
    });
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { errors: Array<{ field: string; message: string }> };
    expect(problem.errors[0]).toMatchObject({
      field: "lastName",
      message: "Must not contain control characters",
    });
  }
  const signup = await request("/api/auth/signup", {
    method: "POST",
    json: { email: "ctl@example.com", password: "a-long-enough-password", firstName: "Ann\u0000Evil" },
  });
  expect(signup.status).toBe(422);
  expect(JSON.stringify(await signup.json())).toContain("firstName");
});

test("the profile's name limit is sign-up's", async () => {
  const user = await createTestUser();
  const longest = "x".repeat(NAME_MAX);
  const res = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { firstName: longest },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ firstName: longest });
  const signup = await request("/api/auth/signup", {
    method: "POST",
    json: { email: "long@example.com", password: "a-long-enough-password", firstName: longest },
  });
  expect(signup.status).toBe(201);
});

// Report r15-b #4 and #5: a name with U+202E showed reversed (and what followed it); a password of
// eight NULs was accepted.
test("text-direction controls in a name and control characters in a password are refused, naming the field", async () => {
  const user = await createTestUser({ firstName: "Ann" });
  const res = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { lastName: "Ann\u202eliveE" },
  });
  expect(res.status).toBe(422);
  expect((await res.json()).errors[0]).toMatchObject({
    field: "lastName",
    message: "Must not contain text-direction control characters",
  });
  const signup = await request("/api/auth/signup", {
    method: "POST",
    json: { email: "nul-password@example.com", password: "\u0000".repeat(8) },
  });
  expect(signup.status).toBe(422);
  expect((await signup.json()).errors[0]).toMatchObject({
    field: "password",
    message: "Must not contain control characters",
  });
});

// Review r31-b #3: "\ud800abc" was stored as "\ufffdabc" without a word, and a name of zero-width
// characters looked blank wherever names are shown, though "\ufeff" alone already cleared the name.
test("a name with an unpaired surrogate is refused naming the field, at sign-up too", async () => {
  const user = await createTestUser({ firstName: "Ann" });
  for (const name of ["\ud800abc", "abc\udfff", "a\udc00\ud800b"]) {
    const res = await request("/api/user/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { firstName: name },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([
      { field: "firstName", message: "Must not contain broken characters (unpaired surrogates)" },
    ]);
  }
  const me = await (await request("/api/auth/user", { cookie: user.cookie })).json();
  expect(me.firstName).toBe("Ann");
  // A character outside the BMP (a surrogate pair) is a whole character, kept as sent.
  const emoji = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { firstName: "Ann \u{1F3AE}" },
  });
  expect(emoji.status).toBe(200);
  expect((await emoji.json()).firstName).toBe("Ann \u{1F3AE}");
  const signup = await request("/api/auth/signup", {
    method: "POST",
    json: { email: "surrogate@example.com", password: "a-long-enough-password", lastName: "\udbffX" },
  });
  expect(signup.status).toBe(422);
  expect((await signup.json()).errors).toEqual([
    { field: "lastName", message: "Must not contain broken characters (unpaired surrogates)" },
  ]);
});

test("a name of only invisible characters is blank: it clears the name, as an empty one does", async () => {
  const user = await createTestUser({ firstName: "Ann" });
  for (const name of ["\u200b\u200b", "\ufeff", " \u200c\u200d\u2060 ", "\u00ad", "\u200e"]) {
    await request("/api/user/profile", { method: "PATCH", cookie: user.cookie, json: { firstName: "Ann" } });
    const res = await request("/api/user/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { firstName: name },
    });
    expect(res.status, JSON.stringify(name)).toBe(200);
    expect((await res.json()).firstName, JSON.stringify(name)).toBeNull();
  }
  // Visible text around a zero-width joiner (an emoji sequence) is a name.
  const kept = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { firstName: "A\u200dB" },
  });
  expect((await kept.json()).firstName).toBe("A\u200dB");
  // A text-direction control alone is still refused, not taken for a blank.
  const bidi = await request("/api/user/profile", {
    method: "PATCH",
    cookie: user.cookie,
    json: { firstName: "\u202e" },
  });
  expect(bidi.status).toBe(422);
  // At sign-up, as an empty name: the account is made without one.
  const signup = await request("/api/auth/signup", {
    method: "POST",
    json: { email: "invisible@example.com", password: "a-long-enough-password", firstName: "\u200b\u200b" },
  });
  expect(signup.status).toBe(201);
  expect((await signup.json()).user?.firstName ?? null).toBeNull();
});

import { expect, test } from "vitest";
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
    json: { firstName: "x".repeat(61) },
  });
  expect(bad.status).toBe(422);
  expect(JSON.stringify(await bad.json())).toContain("firstName");
  expect((await request("/api/user/profile", { method: "PATCH", json: { firstName: "Eve" } })).status).toBe(
    401,
  );
});

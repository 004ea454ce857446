import { expect, test } from "vitest";
import type { PublicProfile } from "../../src/contracts/profiles.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/** Settings → Security → Public profile takes effect: other users see the profile only while it is on. */
const profile = (viewer: TestUser, id: string) => request(`/api/profiles/${id}`, { cookie: viewer.cookie });
const setPublic = (user: TestUser, profilePublic: boolean) =>
  request("/api/user/settings", {
    method: "PATCH",
    cookie: user.cookie,
    json: { privacy: { profilePublic } },
  });

test("a profile is private by default: its owner sees it, anyone else gets 404 as for no account", async () => {
  const owner = await createTestUser({ firstName: "Pri", lastName: "Vate" });
  const other = await createTestUser();
  const own = await profile(owner, owner.user.id);
  expect(own.status).toBe(200);
  expect(await own.json()).toMatchObject({ id: owner.user.id, name: "Pri Vate", isPublic: false });
  const hidden = await profile(other, owner.user.id);
  expect(hidden.status).toBe(404);
  expect(hidden.headers.get("content-type")).toContain("application/problem+json");
  const missing = await profile(other, crypto.randomUUID());
  expect(missing.status).toBe(404);
  expect((await hidden.json()).title).toBe((await missing.json()).title);
});

test("switched on, other users see the name and tracked games, never the email; switched off, 404 again", async () => {
  const { ids } = await upsertGames([{ name: "Profile Game A" }, { name: "Profile Game B" }], "test");
  const owner = await createTestUser({ firstName: "Pub", lastName: "Lic" });
  const other = await createTestUser();
  for (const gameId of ids)
    await request("/api/user/games", { method: "POST", cookie: owner.cookie, json: { gameId } });
  expect((await setPublic(owner, true)).status).toBe(200);

  const res = await profile(other, owner.user.id);
  expect(res.status).toBe(200);
  const body = (await res.json()) as PublicProfile;
  expect(body).toMatchObject({ id: owner.user.id, name: "Pub Lic", isPublic: true });
  expect(body.trackedGames.map((g) => g.name).sort()).toEqual(["Profile Game A", "Profile Game B"]);
  expect(Date.parse(body.memberSince)).not.toBeNaN();
  expect(JSON.stringify(body)).not.toContain(owner.user.email);

  await setPublic(owner, false);
  expect((await profile(other, owner.user.id)).status).toBe(404);
});

test("signed out: 401", async () => {
  const owner = await createTestUser();
  expect((await request(`/api/profiles/${owner.user.id}`)).status).toBe(401);
});

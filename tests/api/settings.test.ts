import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { DEFAULT_SETTINGS, SettingsSchema } from "../../src/contracts/settings.ts";
import { db } from "../../src/server/db/client.ts";
import { userSettings } from "../../src/server/db/schema/index.ts";
import { createTestUser, request } from "../helpers/api.ts";

async function patch(cookie: string, json: unknown) {
  return request("/api/user/settings", { method: "PATCH", cookie, json });
}

describe("GET /api/user/settings", () => {
  test("a user who never saved gets the spec §3 defaults", async () => {
    const { cookie } = await createTestUser();
    const res = await request("/api/user/settings", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      notifications: { email: true, push: false, gameUpdates: true, priceAlerts: true },
      preferences: { theme: "dark", language: "en", timezone: "UTC", dataRefreshInterval: 300 },
      privacy: { profilePublic: false, shareData: true, analyticsTracking: true },
      gaming: { platforms: ["steam", "epic"], favoriteGenres: ["fps", "rpg"], trackingEnabled: true },
    });
  });
});

describe("PATCH /api/user/settings", () => {
  test("saves a full object and answers it; GET answers the same afterwards", async () => {
    const { cookie } = await createTestUser();
    const full = {
      notifications: { email: false, push: true, gameUpdates: false, priceAlerts: false },
      preferences: { theme: "light", language: "de", timezone: "Europe/Berlin", dataRefreshInterval: 1800 },
      privacy: { profilePublic: true, shareData: false, analyticsTracking: false },
      gaming: {
        platforms: ["xbox", "gog", "uplay", "origin"],
        favoriteGenres: ["horror", "puzzle"],
        trackingEnabled: false,
      },
    };
    const res = await patch(cookie, full);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(full);
    expect(await (await request("/api/user/settings", { cookie })).json()).toEqual(full);
  });

  test("a partial object is deep-merged onto what was saved", async () => {
    const { cookie } = await createTestUser();
    await patch(cookie, { preferences: { theme: "auto" }, gaming: { favoriteGenres: ["moba"] } });
    const res = await patch(cookie, { preferences: { language: "fr" }, notifications: { push: true } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.preferences).toEqual({
      theme: "auto",
      language: "fr",
      timezone: "UTC",
      dataRefreshInterval: 300,
    });
    expect(body.notifications).toEqual({ ...DEFAULT_SETTINGS.notifications, push: true });
    expect(body.gaming).toEqual({ ...DEFAULT_SETTINGS.gaming, favoriteGenres: ["moba"] });
    expect(SettingsSchema.safeParse(body).success).toBe(true);
  });

  test("an empty list clears a choice", async () => {
    const { cookie } = await createTestUser();
    const res = await patch(cookie, { gaming: { platforms: [] } });
    expect((await res.json()).gaming.platforms).toEqual([]);
  });

  test("settings belong to one user", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    await patch(a.cookie, { preferences: { theme: "light" } });
    expect((await (await request("/api/user/settings", { cookie: b.cookie })).json()).preferences.theme).toBe(
      "dark",
    );
  });

  test.each([
    [{ preferences: { theme: "blue" } }, "preferences.theme"],
    [{ preferences: { language: "it" } }, "preferences.language"],
    [{ preferences: { dataRefreshInterval: 120 } }, "preferences.dataRefreshInterval"],
    [{ preferences: { dataRefreshInterval: "300" } }, "preferences.dataRefreshInterval"],
    [{ preferences: { timezone: "Mars/Olympus_Mons" } }, "preferences.timezone"],
    // An offset is not a time zone's name (report r15-b #6).
    [{ preferences: { timezone: "+05:30" } }, "preferences.timezone"],
    [{ gaming: { platforms: ["steam", "playstation"] } }, "gaming.platforms.1"],
    [{ gaming: { platforms: ["steam", "steam"] } }, "gaming.platforms"],
    [{ gaming: { favoriteGenres: ["mmo"] } }, "gaming.favoriteGenres.0"],
    [{ gaming: { favoriteGenres: "fps" } }, "gaming.favoriteGenres"],
    [{ notifications: { email: "yes" } }, "notifications.email"],
    [{ privacy: { profilePublic: 1 } }, "privacy.profilePublic"],
    [{ privacy: { sellMyData: true } }, "privacy.sellMyData"],
    [{ extras: {} }, "extras"],
    [{ theme: "pink" }, "theme"],
  ])("422 for %j names %s, and nothing is saved", async (body, field) => {
    const { cookie, user } = await createTestUser();
    const res = await patch(cookie, body);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const problem = await res.json();
    expect(problem.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await db().select().from(userSettings).where(eq(userSettings.userId, user.id))).toHaveLength(0);
  });

  test("a body that is not an object is 422; malformed JSON 400; wrong content type 415", async () => {
    const { cookie } = await createTestUser();
    expect((await patch(cookie, ["dark"])).status).toBe(422);
    expect((await patch(cookie, null)).status).toBe(422);
    const malformed = await request("/api/user/settings", {
      method: "PATCH",
      cookie,
      body: '{"preferences": {',
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    const form = await request("/api/user/settings", {
      method: "PATCH",
      cookie,
      body: "theme=light",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });

  test("a stored object from an older version is completed with the defaults", async () => {
    const { cookie, user } = await createTestUser();
    await db()
      .insert(userSettings)
      .values({ userId: user.id, settings: { preferences: { theme: "light" } }, updatedAt: new Date() });
    const body = await (await request("/api/user/settings", { cookie })).json();
    expect(body).toEqual({
      ...DEFAULT_SETTINGS,
      preferences: { ...DEFAULT_SETTINGS.preferences, theme: "light" },
    });
  });
});

// Report r15-b #6: "europe/paris" was stored as typed, not as the IANA name.
test("a time zone is stored as its IANA name", async () => {
  const { cookie } = await createTestUser();
  const res = await patch(cookie, { preferences: { timezone: "europe/paris" } });
  expect(res.status).toBe(200);
  expect((await res.json()).preferences.timezone).toBe("Europe/Paris");
});

import { beforeAll, expect, test } from "vitest";
import type { DataSourceEntry } from "../../src/contracts/data-sources.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r28-a #6: with no IGDB keys set, the Data sources page's IGDB row read "not synced yet" (as if
 * a sync were pending) and offered "PlayStation and Xbox coverage". A service that is not connected
 * says so, and what it provides is what it would provide once connected; which settings are missing
 * is for operators (issue 9 §4), never on this page.
 */
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  for (const k of ["IGDB_CLIENT_ID", "IGDB_CLIENT_SECRET", "KAGGLE_USERNAME", "KAGGLE_KEY"])
    delete process.env[k];
  resetEnvForTests();
  user = await createTestUser();
  admin = await createTestUser({ role: "admin" });
});

const sources = async (cookie: string) => {
  const res = await request("/api/data-sources", { cookie });
  expect(res.status).toBe(200);
  const body = await res.text();
  const { sources } = JSON.parse(body) as { sources: DataSourceEntry[] };
  return { body, byId: new Map(sources.map((s) => [s.id, s])) };
};

test("a keyed service without its keys is not connected, and provides only once connected", async () => {
  for (const cookie of [user.cookie, admin.cookie]) {
    const { body, byId } = await sources(cookie);
    for (const id of ["igdb", "kaggle"]) {
      const s = byId.get(id)!;
      expect(s.notConnected, id).toBe(true);
      expect(s.provides, id).toMatch(/^When connected: /);
    }
    expect(byId.get("igdb")!.provides).toContain("PlayStation and Xbox coverage");
    // Services that need no keys are as before.
    for (const id of ["github", "epic", "gog"]) {
      expect(byId.get(id)!.notConnected, id).toBeUndefined();
      expect(byId.get(id)!.provides, id).not.toMatch(/^When connected/);
    }
    // No setting's name on the page.
    expect(body).not.toMatch(/IGDB_CLIENT|KAGGLE_/);
  }
});

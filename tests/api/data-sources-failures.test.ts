import { beforeAll, expect, test } from "vitest";
import type { DataSourceEntry } from "../../src/contracts/data-sources.ts";
import type { IgdbStatus, PlatformConnection } from "../../src/contracts/sources.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { recordSyncRun } from "../../src/server/sync/state.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * A failed sync is said on the Data sources page (outside testers): GOG failing three times read "not
 * synced yet", Kaggle failing after a success read only the success. Each live source carries its
 * last failure (time and message) while its last attempt failed, beside its last success — for
 * admins: what customers read names no failure (issue 9 §4, live-bootstrap.test.ts).
 */
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  customer = await createTestUser({ role: "premium" });
});

const sources = async (user: TestUser = admin) => {
  const res = await request("/api/data-sources", { cookie: user.cookie });
  expect(res.status).toBe(200);
  const { sources } = (await res.json()) as { sources: DataSourceEntry[] };
  return new Map(sources.map((s) => [s.id, s]));
};

test("no attempt yet: no failure", async () => {
  const byId = await sources();
  expect(byId.get("gog")).toMatchObject({ lastSync: null, lastFailure: null, live: true });
  expect(byId.get("kaggle")).toMatchObject({ lastSync: null, lastFailure: null, live: true });
});

test("three failed runs and never a success: the last failure, and still no success", async () => {
  const run = { status: "error" as const, records: 0, durationMs: 5 };
  await recordSyncRun("gog", { ...run, message: "GOG answered 503" }, new Date("2026-11-20T10:00:00Z"));
  await recordSyncRun("gog", { ...run, message: "GOG answered 502" }, new Date("2026-11-20T10:15:00Z"));
  await recordSyncRun("gog", { ...run, message: "fetch failed" }, new Date("2026-11-20T10:30:00Z"));
  const gog = (await sources()).get("gog")!;
  expect(gog.lastSync).toBeNull();
  expect(gog.lastFailure).toEqual({ at: "2026-11-20T10:30:00.000Z", message: "fetch failed" });
  // Customers: that it failed and when, not the service's error; never "not synced yet" (review r34-b #2).
  const seen = (await sources(customer)).get("gog")!;
  expect(seen).toMatchObject({
    lastSync: null,
    lastFailure: { at: "2026-11-20T10:30:00.000Z", message: "nothing from it is stored yet" },
  });
});

test("a failure after a success: both; a later success clears the failure", async () => {
  const success = { status: "ok" as const, records: 2, message: null, durationMs: 5 };
  await recordSyncRun("kaggle", success, new Date("2026-11-20T09:00:00Z"));
  await recordSyncRun(
    "kaggle",
    { status: "error", records: 0, message: "Kaggle refused the key", durationMs: 5 },
    new Date("2026-11-20T09:07:00Z"),
  );
  let kaggle = (await sources()).get("kaggle")!;
  expect(kaggle.lastSync).toBe("2026-11-20T09:00:00.000Z");
  expect(kaggle.lastFailure).toEqual({ at: "2026-11-20T09:07:00.000Z", message: "Kaggle refused the key" });

  // Customers: that it failed, and the success before it; not the service's error.
  expect((await sources(customer)).get("kaggle")).toMatchObject({
    lastSync: "2026-11-20T09:00:00.000Z",
    lastFailure: { at: "2026-11-20T09:07:00.000Z", message: "nothing from it is stored yet" },
  });

  await recordSyncRun("kaggle", success, new Date("2026-11-20T09:30:00Z"));
  kaggle = (await sources()).get("kaggle")!;
  expect(kaggle.lastSync).toBe("2026-11-20T09:30:00.000Z");
  expect(kaggle.lastFailure).toBeNull();
});

test("platforms and the games database status: failure text and missing settings for admins only", async () => {
  process.env.IGDB_CLIENT_ID = "id";
  delete process.env.IGDB_CLIENT_SECRET;
  resetEnvForTests();
  try {
    await recordSyncRun(
      "epic",
      { status: "error", records: 0, message: "epic: 503 from store-site-backend", durationMs: 5 },
      new Date("2026-11-20T11:00:00Z"),
    );
    const all = async (user: TestUser) => {
      const res = await request("/api/platforms/all", { cookie: user.cookie });
      expect(res.status).toBe(200);
      return new Map(((await res.json()) as PlatformConnection[]).map((p) => [p.id, p]));
    };
    const operator = await all(admin);
    expect(operator.get("epic")).toMatchObject({
      status: "error",
      message: "epic: 503 from store-site-backend",
    });
    expect(operator.get("igdb")).toMatchObject({ status: "not_configured", missing: ["IGDB_CLIENT_SECRET"] });
    expect(operator.get("kaggle")!.missing).toEqual(["KAGGLE_USERNAME", "KAGGLE_KEY"]);

    const seen = await all(customer);
    // The states (the Dashboard's "Not configured", "Last sync failed" ...) stay; the details go.
    expect(seen.get("epic")).toMatchObject({ status: "error", message: null, missing: [] });
    expect(seen.get("igdb")).toMatchObject({ status: "not_configured", configured: false, missing: [] });
    for (const p of seen.values()) expect(p).toMatchObject({ message: null, missing: [] });
    expect(JSON.stringify([...seen.values()])).not.toMatch(/IGDB_CLIENT|KAGGLE_|503/);

    const status = async (user: TestUser) => {
      const res = await request("/api/igdb/status", { cookie: user.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as IgdbStatus;
    };
    expect((await status(admin)).message).toBe(
      "IGDB is not configured (IGDB_CLIENT_SECRET): games come from the imported catalog.",
    );
    expect(await status(customer)).toMatchObject({
      status: "not_configured",
      authenticated: false,
      message: "IGDB is not connected: the games database answers from the games stored in our catalog.",
    });

    process.env.IGDB_CLIENT_SECRET = "secret";
    resetEnvForTests();
    await recordSyncRun(
      "igdb",
      { status: "error", records: 0, message: "igdb: Twitch answered 500", durationMs: 5 },
      new Date("2026-11-20T11:05:00Z"),
    );
    expect((await status(admin)).message).toMatch(/^The last IGDB sync failed \(igdb: Twitch answered 500\)/);
    const customerStatus = await status(customer);
    expect(customerStatus).toMatchObject({
      status: "degraded",
      lastSync: "2026-11-20T11:05:00.000Z",
      message: "IGDB data is not available right now: the games database answers from the games stored.",
    });
    expect((await all(customer)).get("igdb")).toMatchObject({ status: "error", message: null });
  } finally {
    delete process.env.IGDB_CLIENT_ID;
    delete process.env.IGDB_CLIENT_SECRET;
    resetEnvForTests();
  }
});

test("a customer's failure text says stored data is still shown when the source has some", async () => {
  const { customerFailureText } = await import("../../src/server/routes/data-sources.ts");
  expect(customerFailureText({ records: 27_075 })).toBe("what was stored before is still shown");
  expect(customerFailureText({ records: 0 })).toBe("nothing from it is stored yet");
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "../../src/server/db/client.ts";
import { reports } from "../../src/server/db/schema/index.ts";
import { env, resetEnvForTests } from "../../src/server/env.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r20-b #3: a Regular user stored 120 reports in a loop (about 10 KB each), with nothing
 * bounding them. At most REPORTS_MAX_PER_HOUR (default 30) reports a user in any hour; one more is
 * a 429 with Retry-After until the oldest of the hour is an hour old.
 */
beforeAll(() => {
  process.env.REPORTS_MAX_PER_HOUR = "3";
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.REPORTS_MAX_PER_HOUR;
  resetEnvForTests();
});

// A watchlist summary is stored whatever the catalog holds (an empty market overview is refused: r22-c #3).
const generate = (user: TestUser) =>
  request("/api/analytics/reports", {
    method: "POST",
    cookie: user.cookie,
    json: { reportType: "watchlist_summary" },
  });

test("the default limit is 30 reports an hour", () => {
  delete process.env.REPORTS_MAX_PER_HOUR;
  resetEnvForTests();
  expect(env().REPORTS_MAX_PER_HOUR).toBe(30);
  process.env.REPORTS_MAX_PER_HOUR = "3";
  resetEnvForTests();
  expect(env().REPORTS_MAX_PER_HOUR).toBe(3);
});

test("one report over the hour's limit is 429 with Retry-After until the oldest turns an hour old", async () => {
  const alice = await createTestUser();
  for (let i = 0; i < 3; i++) expect((await generate(alice)).status).toBe(201);
  const refused = await generate(alice);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("content-type")).toContain("application/problem+json");
  const wait = Number(refused.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(3500);
  expect(wait).toBeLessThanOrEqual(3600);
  expect((await refused.json()).detail).toBe(
    "You can generate at most 3 reports an hour. Try again in 60 minutes.",
  );
  // Nothing was stored for the refused request.
  const stored = await db().select().from(reports).where(eq(reports.userId, alice.user.id));
  expect(stored).toHaveLength(3);

  // The oldest made 59 minutes ago: room again in about a minute.
  const oldest = stored.sort((a, b) => a.generatedAt.getTime() - b.generatedAt.getTime())[0]!;
  await db()
    .update(reports)
    .set({ generatedAt: new Date(Date.now() - 59 * 60_000) })
    .where(eq(reports.id, oldest.id));
  const soon = await generate(alice);
  expect(soon.status).toBe(429);
  expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(50);
  expect(Number(soon.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  expect((await soon.json()).detail).toBe(
    "You can generate at most 3 reports an hour. Try again in 1 minute.",
  );

  // Once it is older than an hour it no longer counts; reports older than an hour are kept.
  await db()
    .update(reports)
    .set({ generatedAt: new Date(Date.now() - 61 * 60_000) })
    .where(eq(reports.id, oldest.id));
  expect((await generate(alice)).status).toBe(201);
  expect(await (await request("/api/analytics/reports", { cookie: alice.cookie })).json()).toHaveLength(4);

  // Another user's hour is their own.
  expect((await generate(await createTestUser())).status).toBe(201);
});

test("admins are limited too", async () => {
  const admin = await createTestUser({ role: "admin" });
  for (let i = 0; i < 3; i++) expect((await generate(admin)).status).toBe(201);
  expect((await generate(admin)).status).toBe(429);
});

test("concurrent requests cannot pass the limit together", async () => {
  const carol = await createTestUser();
  const statuses = await Promise.all(Array.from({ length: 6 }, async () => (await generate(carol)).status));
  expect(statuses.filter((s) => s === 201)).toHaveLength(3);
  expect(statuses.filter((s) => s === 429)).toHaveLength(3);
});

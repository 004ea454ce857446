import { beforeAll, describe, expect, test } from "vitest";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r27-b #4: one message per field, in the house's words ("At most 100 characters", "A whole
 * number from 1 to 50"), never zod's own ("Too big: expected string to have <=100 characters",
 * "Invalid input: expected int, received number"); and every id in a path is checked for length the
 * same way, the AI history's and conversations' ids too.
 */
let user: TestUser;
let premium: TestUser;
let admin: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  premium = await createTestUser({ role: "premium" });
  admin = await createTestUser({ role: "admin" });
});

const LONG = "a".repeat(6000);

async function errorsOf(res: Response) {
  expect(res.status).toBe(422);
  const body = await res.json();
  return { detail: body.detail as string, errors: body.errors as Array<{ field: string; message: string }> };
}

describe("one message per field", () => {
  // Review r33-c #9: issue 4's search `limit` is capped, so a limit above 50 is no longer refused
  // (search.test.ts); what is refused is still told once.
  test("a search limit below the range, or not whole, each says so once, in the same words", async () => {
    for (const limit of ["0", "-1", "1.5", "abc", "1e3"]) {
      const res = await request(`/api/games/search?q=halo&limit=${limit}`, { cookie: user.cookie });
      expect(await errorsOf(res), limit).toEqual({
        detail: "limit: A whole number from 1 (above 50 gives 50)",
        errors: [{ field: "limit", message: "A whole number from 1 (above 50 gives 50)" }],
      });
    }
  });

  test("a page with no upper bound is told its lower one in the same words (review r28-a #8)", async () => {
    const res = await request("/api/admin/audit?page=0", { cookie: admin.cookie });
    expect((await errorsOf(res)).errors).toEqual([{ field: "page", message: "A whole number from 1" }]);
  });
});

describe("the house's words, not zod's", () => {
  test("an over-long profile id: At most 100 characters", async () => {
    const res = await request(`/api/profiles/${LONG}`, { cookie: user.cookie });
    expect((await errorsOf(res)).errors).toEqual([{ field: "id", message: "At most 100 characters" }]);
  });

  test("a rate limit that is not whole, or out of range: a whole number from 1 to 100,000", async () => {
    const limits = { signInPerIp: 30, signInPerEmailAndIp: 1.5, signInPerEmail: 100, apiPerMinute: 0 };
    const put = (json: unknown) =>
      request("/api/admin/settings/rate-limits", { method: "PUT", cookie: admin.cookie, json });
    expect((await errorsOf(await put(limits))).errors).toEqual([
      { field: "signInPerEmailAndIp", message: "A whole number from 1 to 100,000" },
    ]);
    expect((await errorsOf(await put({ ...limits, signInPerEmailAndIp: 2, signInPerIp: 0 }))).errors).toEqual(
      [{ field: "signInPerIp", message: "A whole number from 1 to 100,000" }],
    );
    expect((await errorsOf(await put({ ...limits, signInPerEmailAndIp: "2" }))).errors).toEqual([
      { field: "signInPerEmailAndIp", message: "A whole number from 1 to 100,000" },
    ]);
  });

  test("a session lifetime out of range and an over-long maintenance message", async () => {
    const security = await request("/api/admin/settings/security", {
      method: "PUT",
      cookie: admin.cookie,
      json: { sessionLifetimeDays: 366 },
    });
    expect((await errorsOf(security)).errors).toEqual([
      { field: "sessionLifetimeDays", message: "A whole number of days from 1 to 365" },
    ]);
    const maintenance = await request("/api/admin/settings/maintenance", {
      method: "PUT",
      cookie: admin.cookie,
      json: { enabled: false, message: "m".repeat(301) },
    });
    expect((await errorsOf(maintenance)).errors).toEqual([
      { field: "message", message: "At most 300 characters" },
    ]);
  });

  test("no route answers zod's own wording for a length, a type or a whole number", async () => {
    const answers = await Promise.all([
      request(`/api/games/${LONG}`, { cookie: user.cookie }),
      request(`/api/companies/${LONG}`, { cookie: user.cookie }),
      request(`/api/admin/users/${LONG}/role`, {
        method: "PUT",
        cookie: admin.cookie,
        json: { role: "premium", subscriptionTier: "professional" },
      }),
      request(`/api/workflows/${LONG}/pause`, { method: "POST", cookie: admin.cookie }),
      request("/api/ai/chat", {
        method: "POST",
        cookie: premium.cookie,
        json: { message: "hello", conversationId: LONG },
      }),
      request("/api/admin/settings/maintenance", {
        method: "PUT",
        cookie: admin.cookie,
        json: { enabled: "yes", message: 5 },
      }),
    ]);
    for (const res of answers) {
      const { detail } = await errorsOf(res);
      expect(detail).not.toMatch(/Too big|Too small|Invalid input|expected \w+|<=|>=/);
    }
  });
});

// Review r31-b #2: a value outside a fixed list read "Invalid option: expected one of \"dark\"|…", and
// a workflow's metadata sent as a list "Invalid input: expected record, received array".
describe("a value outside a fixed list, in the house's words", () => {
  test("an unknown report type, theme or totals sort: One of …", async () => {
    const report = await request("/api/analytics/reports", {
      method: "POST",
      cookie: user.cookie,
      json: { reportType: "x" },
    });
    expect(await errorsOf(report)).toEqual({
      detail: "reportType: One of market_overview, watchlist_summary, genre_trends",
      errors: [{ field: "reportType", message: "One of market_overview, watchlist_summary, genre_trends" }],
    });
    const settings = await request("/api/user/settings", {
      method: "PATCH",
      cookie: user.cookie,
      json: { preferences: { theme: "blue" } },
    });
    expect((await errorsOf(settings)).errors).toEqual([
      { field: "preferences.theme", message: "One of dark, light, auto" },
    ]);
    // Estimate totals are premium (ADR 020 addendum): a premium user's bad sort is what is worded.
    const totals = await request("/api/estimates/totals?by=genre&sort=revenue", { cookie: premium.cookie });
    expect((await errorsOf(totals)).errors).toEqual([
      { field: "sort", message: "One of owners, gross, net, games" },
    ]);
  });

  test("a missing report type still reads Required", async () => {
    const res = await request("/api/analytics/reports", { method: "POST", cookie: user.cookie, json: {} });
    expect((await errorsOf(res)).errors).toEqual([{ field: "reportType", message: "Required" }]);
  });

  test("a refresh interval not in the list names the list of numbers", async () => {
    const res = await request("/api/user/settings", {
      method: "PATCH",
      cookie: user.cookie,
      json: { preferences: { dataRefreshInterval: 7 } },
    });
    const { errors } = await errorsOf(res);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.field).toBe("preferences.dataRefreshInterval");
    expect(errors[0]?.message).toMatch(/^One of \d+(, \d+)+$/);
  });

  test("a workflow's metadata sent as a list: An object", async () => {
    const res = await request("/api/workflows/comprehensive-health-monitoring/execute", {
      method: "POST",
      cookie: admin.cookie,
      json: [],
    });
    expect(await errorsOf(res)).toEqual({
      detail: "The metadata must be a JSON object",
      errors: [{ field: "(body)", message: "An object" }],
    });
  });
});

describe("every id in a path is checked for length", () => {
  test.each(["analytics", "conversations"])(
    "GET /api/ai/%s/<6000 letters>: 422 naming the id",
    async (what) => {
      const res = await request(`/api/ai/${what}/${LONG}`, { cookie: premium.cookie });
      expect((await errorsOf(res)).errors).toEqual([{ field: "id", message: "At most 100 characters" }]);
    },
  );

  test.each(["analytics", "conversations"])("GET /api/ai/%s/<unknown id>: still 404", async (what) => {
    const res = await request(`/api/ai/${what}/no-such-id`, { cookie: premium.cookie });
    expect(res.status).toBe(404);
  });
});

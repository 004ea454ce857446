import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CommunityDataset } from "../../src/contracts/sources.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { GITHUB_ROUTE_DEADLINE_MS } from "../../src/server/http/request-limits.ts";
import { setGithubRouteDeadlineForTests } from "../../src/server/routes/github-gaming.ts";
import { clearDatasetContentCache } from "../../src/server/sources/github.ts";
import { syncSource } from "../../src/server/sync/index.ts";
import { saveCommunityDatasets } from "../../src/server/sync/stored.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Community datasets (spec §7 `/api/github-gaming/*`): the lists from what a GitHub sync stored,
 * cached 5 minutes; a repository's data file fetched through the adapter (from a local server
 * replaying GitHub's answers, set by SOURCE_BASE_URLS) and kept 5 minutes.
 */
let replay: Replay;
let user: TestUser;
beforeAll(async () => {
  replay = await startReplay();
  process.env.SOURCE_BASE_URLS = `github=${replay.base}`;
  process.env.GITHUB_TOKEN = "token";
  resetEnvForTests();
  user = await createTestUser();
});
afterAll(async () => {
  delete process.env.SOURCE_BASE_URLS;
  delete process.env.GITHUB_TOKEN;
  resetEnvForTests();
  await replay.stop();
});

const get = (path: string) => request(path, { cookie: user.cookie });

describe("lists", () => {
  test("an empty database: both lists are empty, and cached 5 minutes", async () => {
    for (const path of ["/api/github-gaming/datasets", "/api/github-gaming/trending"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, max-age=300");
      expect(await res.json()).toEqual([]);
    }
  });

  test("after a sync: datasets most starred first with every card field; trending most recently updated first", async () => {
    await syncSource("github");
    const datasets = await (await get("/api/github-gaming/datasets")).json();
    expect(datasets).toHaveLength(30);
    const stars = datasets.map((d: { stars: number }) => d.stars);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
    expect(Object.keys(datasets[0]).sort()).toEqual(
      [
        "description",
        "downloadUrl",
        "fullName",
        "htmlUrl",
        "language",
        "lastUpdated",
        "name",
        "owner",
        "size",
        "stars",
        "topics",
      ].sort(),
    );
    expect(datasets[0].owner).toEqual({
      login: expect.any(String),
      avatarUrl: expect.stringMatching(/^https:/),
    });
    const trending = await (await get("/api/github-gaming/trending")).json();
    expect(trending).toHaveLength(30);
    const updated = trending.map((d: { lastUpdated: string }) => d.lastUpdated);
    expect(updated).toEqual([...updated].sort().reverse());
  });

  test("without a session: 401", async () => {
    for (const path of ["datasets", "trending", "dataset/analyst/video-game-sales"]) {
      expect((await request(`/api/github-gaming/${path}`)).status, path).toBe(401);
    }
  });
});

describe("dataset content", () => {
  // Only listed repositories are looked inside (review r27-b #3; github-gaming-listed.test.ts): the
  // recorded one is stored as a sync stores it, beside the searched ones stored above.
  beforeAll(async () => {
    const [listed] = (await (await get("/api/github-gaming/datasets")).json()) as CommunityDataset[];
    await saveCommunityDatasets(
      [{ ...listed!, fullName: "analyst/video-game-sales", name: "video-game-sales" }],
      [],
    );
  });

  test("total entries, format, data type, last updated and the first 10 entries; kept 5 minutes", async () => {
    clearDatasetContentCache();
    const res = await get("/api/github-gaming/dataset/analyst/video-game-sales");
    expect(res.status).toBe(200);
    const content = await res.json();
    expect(content).toMatchObject({
      file: "data/vgsales.csv",
      metadata: { totalEntries: 25, format: "csv", lastUpdated: "2024-03-01T09:30:00Z" },
      dataType: "table of 11 columns",
    });
    expect(content.games).toHaveLength(10);
    expect(content.games[0]).toMatchObject({ Name: "Wii Sports", Year: "2006" });
    const asked = replay.hits.get("/repos/analyst/video-game-sales") ?? 0;
    expect((await get("/api/github-gaming/dataset/Analyst/Video-Game-Sales")).status).toBe(200);
    expect(replay.hits.get("/repos/analyst/video-game-sales") ?? 0).toBe(asked);
  });

  test("a repository without a data file: 404 problem JSON with the screen's words", async () => {
    // Listed by the search, but the recorded GitHub has nothing for it.
    const res = await get("/api/github-gaming/dataset/kennethreitz/legit");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({ status: 404, detail: "No accessible dataset content found" });
  });

  test("GitHub failing or out of quota: 502 or 503 problem JSON, never a 500; a failure is not kept", async () => {
    clearDatasetContentCache();
    replay.override("/repos/analyst/video-game-sales", () => new Response("boom", { status: 500 }));
    const failed = await get("/api/github-gaming/dataset/analyst/video-game-sales");
    expect(failed.status).toBe(502);
    expect((await failed.json()).detail).toContain("github: answered 500");
    replay.override(
      "/repos/analyst/video-game-sales",
      () => new Response("{}", { status: 403, headers: { "x-ratelimit-remaining": "0" } }),
    );
    const limited = await get("/api/github-gaming/dataset/analyst/video-game-sales");
    expect(limited.status).toBe(503);
    replay.override("/repos/analyst/video-game-sales", null);
    expect((await get("/api/github-gaming/dataset/analyst/video-game-sales")).status).toBe(200);
  }, 30_000);

  test("a data file whose connection drops in the middle of the body: 502 problem JSON, never a 500", async () => {
    clearDatasetContentCache();
    const path = "/raw/analyst/video-game-sales/main/data/vgsales.csv";
    // The headers and one line, then the connection breaks off.
    replay.override(
      path,
      () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(new TextEncoder().encode("Rank,Name\n1,Wii Sports\n"));
              await Bun.sleep(50);
              controller.error(new Error("connection lost"));
            },
          }),
          { headers: { "Content-Type": "text/csv" } },
        ),
    );
    try {
      const res = await get("/api/github-gaming/dataset/analyst/video-game-sales");
      expect(res.status).toBe(502);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await res.json()).detail).toBe(
        "GitHub could not give this repository's data file (github: the answer broke off for data/vgsales.csv)",
      );
    } finally {
      replay.override(path, null);
      clearDatasetContentCache();
    }
  });

  test("GitHub that keeps the page waiting past the route's deadline: 504 problem JSON, not a cut connection", async () => {
    clearDatasetContentCache();
    setGithubRouteDeadlineForTests(200);
    replay.override("/repos/analyst/video-game-sales", async () => {
      await Bun.sleep(1_500);
      return new Response("boom", { status: 500 });
    });
    try {
      const res = await get("/api/github-gaming/dataset/analyst/video-game-sales");
      expect(res.status).toBe(504);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await res.json()).detail).toMatch(/GitHub did not give this repository's data file within 1 s/);
    } finally {
      setGithubRouteDeadlineForTests(GITHUB_ROUTE_DEADLINE_MS);
      replay.override("/repos/analyst/video-game-sales", null);
      clearDatasetContentCache();
    }
  });

  test("names GitHub would not accept are a 422, never sent on", async () => {
    const before = replay.log.length;
    for (const path of [
      "a%20b/repo",
      "owner/re%24po",
      "owner/a%2Fb",
      `owner/${"r".repeat(101)}`,
      // Account names: no '.', at most 39 characters, never starting or ending with '-', no '--'.
      "a.b/repo",
      `${"o".repeat(40)}/repo`,
      "-bad-/repo",
      "bad-/repo",
      "a--b/repo",
    ]) {
      expect((await get(`/api/github-gaming/dataset/${path}`)).status, path).toBe(422);
    }
    expect(replay.log.length).toBe(before);
    const hyphen = await (await get("/api/github-gaming/dataset/-bad-/repo")).json();
    expect(hyphen.errors).toEqual([
      { field: "owner", message: "Not a GitHub name: it cannot start or end with '-'" },
    ]);
    // Review r23-a #9: consecutive hyphens reached GitHub (502 after 3 s); a single one is a name.
    const doubled = await (await get("/api/github-gaming/dataset/a--b/repo")).json();
    expect(doubled.errors).toEqual([{ field: "owner", message: "Not a GitHub name: it cannot hold '--'" }]);
    expect(replay.log.length).toBe(before);
  });
});

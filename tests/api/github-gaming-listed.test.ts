import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CommunityDataset } from "../../src/contracts/sources.ts";
import { db } from "../../src/server/db/client.ts";
import { communityDatasets } from "../../src/server/db/schema/index.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { clearDatasetContentCache } from "../../src/server/sources/github.ts";
import { saveCommunityDatasets } from "../../src/server/sync/stored.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r27-b #3: `GET /api/github-gaming/dataset/:owner/:repo` fetched any repository GitHub has,
 * for any signed-in user, spending the server's GitHub quota. It now fetches only the repositories the
 * product lists: one stored by a GitHub sync (either list), or one this server gave out in a list
 * within the lists' cache lifetime (5 minutes, spec §9). Any other is a 404 naming it, and GitHub is
 * not asked.
 */
let replay: Replay;
let user: TestUser;
beforeAll(async () => {
  replay = await startReplay();
  process.env.SOURCE_BASE_URLS = `github=${replay.base}`;
  resetEnvForTests();
  user = await createTestUser();
});
afterAll(async () => {
  delete process.env.SOURCE_BASE_URLS;
  resetEnvForTests();
  await replay.stop();
});

const get = (path: string) => request(path, { cookie: user.cookie });

function dataset(fullName: string, lastUpdated = "2024-03-02T10:00:00Z"): CommunityDataset {
  const [owner, name] = fullName.split("/") as [string, string];
  return {
    fullName,
    name,
    description: null,
    topics: [],
    owner: { login: owner, avatarUrl: null },
    stars: 5,
    lastUpdated,
    size: 10,
    language: null,
    htmlUrl: `https://github.com/${fullName}`,
    downloadUrl: `https://github.com/${fullName}/archive/refs/heads/main.zip`,
  };
}

const NOT_LISTED = "This repository is not one of the listed datasets";

describe("only listed repositories are fetched", () => {
  test("a repository in no list: 404 problem JSON naming it, and GitHub is not asked", async () => {
    clearDatasetContentCache();
    const before = replay.log.length;
    for (const path of ["analyst/video-game-sales", "owner/repo"]) {
      const res = await get(`/api/github-gaming/dataset/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(await res.json()).toMatchObject({
        status: 404,
        detail: NOT_LISTED,
        errors: [{ field: "repo", message: NOT_LISTED }],
      });
    }
    expect(replay.log.length).toBe(before);
  });

  test("a stored dataset and a stored trending-only repository are fetched, in any letter case", async () => {
    clearDatasetContentCache();
    await saveCommunityDatasets([dataset("analyst/video-game-sales")], [dataset("someone/trending-only")]);
    const res = await get("/api/github-gaming/dataset/analyst/video-game-sales");
    expect(res.status).toBe(200);
    expect((await res.json()).file).toBe("data/vgsales.csv");
    expect((await get("/api/github-gaming/dataset/ANALYST/Video-Game-Sales")).status).toBe(200);
    // Listed, but GitHub has no such repository here: the screen's own 404, not "not listed".
    const trending = await get("/api/github-gaming/dataset/someone/trending-only");
    expect(trending.status).toBe(404);
    expect((await trending.json()).detail).toBe("No accessible dataset content found");
    expect(replay.hits.get("/repos/someone/trending-only")).toBeGreaterThan(0);
  });

  test("every repository in the lists given out can be looked inside", async () => {
    const lists = await Promise.all(
      ["datasets", "trending"].map(async (l) => (await get(`/api/github-gaming/${l}`)).json()),
    );
    const names = [...new Set(lists.flat().map((d: CommunityDataset) => d.fullName))];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const res = await get(`/api/github-gaming/dataset/${name}`);
      expect((await res.json()).detail, name).not.toBe(NOT_LISTED);
    }
  });

  test("a repository given out in a list stays open for the lists' cache lifetime after it is no longer stored", async () => {
    await saveCommunityDatasets([dataset("gone/soon")], []);
    const listed = await (await get("/api/github-gaming/datasets")).json();
    expect(listed.map((d: CommunityDataset) => d.fullName)).toContain("gone/soon");
    // A restore of an older backup, say: the row is gone while the screen still shows the card.
    await db().delete(communityDatasets);
    const res = await get("/api/github-gaming/dataset/gone/soon");
    expect((await res.json()).detail).not.toBe(NOT_LISTED);
    expect((await get("/api/github-gaming/dataset/never/listed")).status).toBe(404);
  });
});

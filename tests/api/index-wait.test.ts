import { expect, test } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { catalogIndex } from "../../src/server/catalog/catalog-index.ts";
import { searchIndex } from "../../src/server/catalog/search-index.ts";
import { INDEX_BUILD_WAIT_SECONDS } from "../../src/server/http/index-wait.ts";

/**
 * While the in-memory indexes are built (after a start: seconds at 330,000 games), API requests may
 * wait for them longer than Bun's 10 s idle timeout: each gets INDEX_BUILD_WAIT_SECONDS from the server
 * then, and Bun's own timeout again once both are built.
 */
async function timeoutsGiven(path: string): Promise<number[]> {
  const given: number[] = [];
  const server = { timeout: (_request: Request, seconds: number) => void given.push(seconds) };
  const res = await createApp().fetch(new Request(`http://localhost${path}`), { server });
  expect(res.status).toBeLessThan(500);
  return given;
}

test("requests get a longer idle timeout only while an index is being built", async () => {
  expect(await timeoutsGiven("/api/health")).toEqual([INDEX_BUILD_WAIT_SECONDS]);
  await searchIndex();
  // The catalog index is still to build (the screener and lists wait for it).
  expect(await timeoutsGiven("/api/games/search?q=a")).toEqual([INDEX_BUILD_WAIT_SECONDS]);
  await catalogIndex();
  expect(await timeoutsGiven("/api/health")).toEqual([]);
});

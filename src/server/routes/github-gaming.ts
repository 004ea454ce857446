import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/guards.ts";
import { isListedDataset, noteListed } from "../catalog/listed-datasets.ts";
import { env } from "../env.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { GITHUB_ROUTE_DEADLINE_MS } from "../http/request-limits.ts";
import { noQueryParams, pathParams } from "../http/validate.ts";
import { cachedDatasetContent, GithubClient } from "../sources/github.ts";
import { SourceError } from "../sources/http.ts";
import { listCommunityDatasets, trendingCommunityDatasets } from "../sync/stored.ts";

/** Spec §9: community dataset lists are cached 5 minutes. */
const LIST_CACHE = "private, max-age=300";

/** GitHub's repository name rules (letters, digits, '-', '_', '.'). */
const RepoPart = z
  .string()
  .regex(/^[\w.-]{1,100}$/, { message: "Not a GitHub name" })
  .refine((s) => s !== "." && s !== "..", { message: "Not a GitHub name" });

/**
 * GitHub's account (owner) name rules: letters, digits and single '-' ('_' for managed accounts), at
 * most 39, never starting or ending with '-' (review r22-c #9: `-bad-` reached GitHub and came back a
 * 502; review r23-a #9: so did `a--b`).
 */
const OwnerPart = z
  .string()
  .regex(/^[\w-]{1,39}$/, { message: "Not a GitHub name" })
  .refine((s) => !s.startsWith("-") && !s.endsWith("-"), {
    message: "Not a GitHub name: it cannot start or end with '-'",
  })
  .refine((s) => !s.includes("--"), { message: "Not a GitHub name: it cannot hold '--'" });

/**
 * The data file, or 504 problem JSON once GitHub has kept the page waiting GITHUB_ROUTE_DEADLINE_MS
 * (timeouts and retries of several requests could outlast the connection). The work goes on and, when
 * it succeeds, fills the cache for the next try.
 */
let routeDeadlineMs = GITHUB_ROUTE_DEADLINE_MS;

/** Tests shorten the deadline so that a GitHub that hangs shows the 504 in a moment. */
export function setGithubRouteDeadlineForTests(ms: number): void {
  routeDeadlineMs = ms;
}

async function withinDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new HttpProblem(
            504,
            `GitHub did not give this repository's data file within ${Math.ceil(routeDeadlineMs / 1000)} s; try again in a minute`,
          ),
        ),
      routeDeadlineMs,
    );
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Community datasets from public GitHub repositories (spec §2 "/github-gaming", §7). */
export const githubGamingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/datasets", noQueryParams(), async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(noteListed(await listCommunityDatasets()));
  })
  .get("/trending", noQueryParams(), async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(noteListed(await trendingCommunityDatasets()));
  })
  .get(
    "/dataset/:owner/:repo",
    pathParams(z.object({ owner: OwnerPart, repo: RepoPart })),
    noQueryParams(),
    async (c) => {
      const { owner, repo } = c.req.valid("param");
      // Only what the product lists: not anyone's way to have the server fetch any repository.
      if (!(await isListedDataset(owner, repo))) {
        const message = "This repository is not one of the listed datasets";
        throw new HttpProblem(404, message, { errors: [{ field: "repo", message }] });
      }
      try {
        const content = await withinDeadline(
          cachedDatasetContent(owner, repo, new GithubClient({ token: env().GITHUB_TOKEN })),
        );
        c.header("Cache-Control", LIST_CACHE);
        return c.json(content);
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        // The screen shows 'No accessible dataset content found' for any of these (spec §8).
        if (error.status === 404) throw new HttpProblem(404, "No accessible dataset content found");
        if (error.status === 429)
          throw new HttpProblem(503, "GitHub's rate limit is used up; try again in a few minutes");
        throw new HttpProblem(502, `GitHub could not give this repository's data file (${error.message})`);
      }
    },
  );

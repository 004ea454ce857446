import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/guards.ts";
import { env } from "../env.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { noQueryParams, pathParams } from "../http/validate.ts";
import { cachedDatasetContent, GithubClient } from "../sources/github.ts";
import { SourceError } from "../sources/http.ts";
import { listCommunityDatasets, trendingCommunityDatasets } from "../sync/stored.ts";

/** Spec §9: community dataset lists are cached 5 minutes. */
const LIST_CACHE = "private, max-age=300";

/** GitHub's owner and repository name rules (letters, digits, '-', '_', '.'). */
const RepoPart = z
  .string()
  .regex(/^[\w.-]{1,100}$/, { message: "Not a GitHub name" })
  .refine((s) => s !== "." && s !== "..", { message: "Not a GitHub name" });

/** Community datasets from public GitHub repositories (spec §2 "/github-gaming", §7). */
export const githubGamingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/datasets", noQueryParams(), async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(await listCommunityDatasets());
  })
  .get("/trending", noQueryParams(), async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(await trendingCommunityDatasets());
  })
  .get(
    "/dataset/:owner/:repo",
    pathParams(z.object({ owner: RepoPart, repo: RepoPart })),
    noQueryParams(),
    async (c) => {
      const { owner, repo } = c.req.valid("param");
      try {
        const content = await cachedDatasetContent(
          owner,
          repo,
          new GithubClient({ token: env().GITHUB_TOKEN }),
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

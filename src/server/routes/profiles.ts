import { Hono } from "hono";
import { z } from "zod";
import { getPublicProfile } from "../accounts/profiles.ts";
import { requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { noQueryParams, pathParams } from "../http/validate.ts";

const ProfileParam = z.object({ id: z.string().min(1).max(100) });

/** `/api/profiles/{userId}`: a public profile (Settings → Security), for signed-in users. */
export const profileRoutes = new Hono<AppEnv>().get(
  "/:id",
  requireUser,
  pathParams(ProfileParam),
  noQueryParams(),
  async (c) => {
    const profile = await getPublicProfile(c.req.valid("param").id, c.get("user").id);
    if (!profile) throw new HttpProblem(404, "No public profile with this id");
    return c.json(profile);
  },
);

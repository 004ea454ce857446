import { Hono } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { noQueryParams } from "../http/validate.ts";
import { currentSettings } from "../operations/settings.ts";

/** `GET /api/status`: public, for the app shell's banner (maintenance mode and its message). */
export const statusRoutes = new Hono<AppEnv>().get("/", noQueryParams(), (c) => {
  const { maintenance } = currentSettings();
  return c.json({ maintenance: { enabled: maintenance.enabled, message: maintenance.message } });
});

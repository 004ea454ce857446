import { Hono } from "hono";
import pkg from "../../../package.json" with { type: "json" };
import { rawClient } from "../db/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { log } from "../log.ts";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  try {
    await rawClient().execute("SELECT 1");
    return c.json({ status: "ok", db: "ok", version: pkg.version });
  } catch (error) {
    log.error("health check: database unreachable", { error: String(error) });
    return c.json({ status: "error", db: "unreachable", version: pkg.version }, 503);
  }
});

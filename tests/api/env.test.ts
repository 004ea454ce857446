import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";
import { closeDb } from "../../src/server/db/client.ts";
import { EnvError, parseEnv, resetEnvForTests } from "../../src/server/env.ts";
import { request } from "../helpers/api.ts";

test("defaults: port 3000, an embedded database file, the real snapshot on an empty database, no demo data", () => {
  const env = parseEnv({});
  expect(env).toMatchObject({
    PORT: 3000,
    DATABASE_URL: "file:./data/app.db",
    DEMO_DATA: "off",
    SNAPSHOT_DATA: "on",
    LIVE_BOOTSTRAP: "on",
    LOG_LEVEL: "info",
    ADMIN_EMAILS: [],
  });
  // Demo data is opt-in; `auto`, its old name, still means on.
  expect(parseEnv({ DEMO_DATA: "on" }).DEMO_DATA).toBe("on");
  expect(parseEnv({ DEMO_DATA: "auto" }).DEMO_DATA).toBe("on");
  expect(parseEnv({ ADMIN_EMAILS: " Boss@Studio.com, ,ops@studio.com" }).ADMIN_EMAILS).toEqual([
    "boss@studio.com",
    "ops@studio.com",
  ]);
  expect(
    parseEnv({ DATABASE_URL: "libsql://db.example.turso.io", DATABASE_AUTH_TOKEN: "t" }).DATABASE_URL,
  ).toBe("libsql://db.example.turso.io");
});

test("a bad value is refused with a message naming the variable", () => {
  for (const [name, value] of [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "postgres://x"],
    ["DEMO_DATA", "sometimes"],
    ["LOG_LEVEL", "loud"],
    ["PUBLIC_URL", "not a url"],
  ] as const) {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name));
  }
});

test("the server stops at start with that message and exit code 1", () => {
  const run = spawnSync("bun", ["src/server/index.ts"], {
    env: { ...process.env, PORT: "not-a-port" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("PORT");
});

test("health answers 503 when the database cannot be reached", async () => {
  const saved = process.env.DATABASE_URL;
  closeDb();
  // A remote libSQL URL on a port where nothing listens.
  process.env.DATABASE_URL = "http://127.0.0.1:9";
  resetEnvForTests();
  try {
    const res = await request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "error", db: "unreachable" });
  } finally {
    closeDb();
    process.env.DATABASE_URL = saved;
    resetEnvForTests();
  }
  expect((await request("/api/health")).status).toBe(200);
});

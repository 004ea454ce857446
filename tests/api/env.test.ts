import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { closeDb } from "../../src/server/db/client.ts";
import { ENV_VARIABLES, EnvError, parseEnv, resetEnvForTests } from "../../src/server/env.ts";
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

test(".env.example lists every variable the server reads, each with its real default and a comment", () => {
  const lines = readFileSync(".env.example", "utf8").split("\n");
  const example = new Map<string, string>();
  lines.forEach((line, i) => {
    const match = line.match(/^([A-Z][A-Z0-9_]*)=(.*)$/);
    if (!match) return;
    example.set(match[1]!, match[2]!);
    // Each variable is explained by the comment line(s) just above it or above its group.
    expect(
      lines.slice(0, i).some((l) => l.startsWith("#")),
      match[1],
    ).toBe(true);
  });
  expect([...example.keys()].sort()).toEqual([...ENV_VARIABLES].sort());
  const defaults = parseEnv({});
  for (const [name, value] of example) {
    // "The values shown are the defaults": setting the shown value changes nothing.
    expect(parseEnv({ [name]: value })[name as keyof typeof defaults], name).toEqual(
      defaults[name as keyof typeof defaults],
    );
  }
});

test("ADMIN_EMAILS that are not email addresses are refused naming the variable", () => {
  expect(() => parseEnv({ ADMIN_EMAILS: "notanemail" })).toThrow(
    /ADMIN_EMAILS: "notanemail" is not an email/,
  );
  expect(() => parseEnv({ ADMIN_EMAILS: "ann@example.com, bob" })).toThrow(/ADMIN_EMAILS/);
  expect(parseEnv({ ADMIN_EMAILS: " Ann@Example.com , bob@example.com," }).ADMIN_EMAILS).toEqual([
    "ann@example.com",
    "bob@example.com",
  ]);
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

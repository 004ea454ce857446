import { isIP } from "node:net";
import { z } from "zod";
import { API_MIN_PER_MINUTE } from "../contracts/operations.ts";
import { MAX_AI_TIMEOUT_MS, MAX_IDLE_TIMEOUT_S } from "./http/idle-limits.ts";

/**
 * Typed configuration, parsed once. This module is the only reader of `process.env`
 * (ARCHITECTURE "One config"): a bad value stops the server with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** The services whose address SOURCE_BASE_URLS may change (DEFAULT_BASES in src/server/sources/http.ts). */
const SOURCE_NAMES = [
  "steamStore",
  "steamApi",
  "steamspy",
  "igdbApi",
  "twitchToken",
  "github",
  "kaggle",
  "epic",
  "gog",
];

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .default("file:./data/app.db")
    .refine((v) => /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/|:memory:$)/.test(v), {
      message: "must start with file:, libsql://, http(s):// or ws(s)://",
    }),
  DATABASE_AUTH_TOKEN: optionalString,
  // How long each database connection waits on another writer's lock before giving up (ms).
  DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const emails = v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      for (const email of emails) {
        if (!z.email().safeParse(email).success) {
          ctx.addIssue({
            code: "custom",
            message: `"${email}" is not an email address (a comma-separated list)`,
          });
        }
      }
      return emails;
    }),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  // Sign-up and login attempts allowed per 15 minutes (issue 2 §4, issue 8 §2): from one address,
  // on one email from one address, and on one email from anywhere (looser, so guessers elsewhere
  // cannot lock the owner out). The admin Settings tab can change them at run time.
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  // API requests a minute per signed-in user (per address when signed out); 0: no limit. Admins can
  // change it on the Settings tab. From API_MIN_PER_MINUTE when set (ADR 022): below that ordinary
  // browsing uses it up.
  API_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= API_MIN_PER_MINUTE && v <= 100_000), {
      message: `0 (no limit), or from ${API_MIN_PER_MINUTE} to 100000`,
    })
    .default(0),
  // Live-update sockets (/ws) one user may hold open at once (the app opens one per tab; scripts and
  // dashboards on one account may hold more); an upgrade beyond it is refused with 429. Only open
  // sockets count: a tab that closes its socket frees it.
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(100),
  // Games one user may keep on the watchlist; adding one more is refused with 409 naming the limit.
  WATCHLIST_MAX_GAMES: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // Reports one user may generate in any hour (each stores its figures, ~10 KB); one more is refused
  // with 429 and Retry-After until the oldest of the hour is an hour old (ADR 026).
  REPORTS_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Scheduled backups (VACUUM INTO) kept on disk: folder, how many to keep, hours between them (0: none).
  BACKUP_DIR: z.string().trim().default("./data/backups"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  // Days the audit log keeps failed sign-ins (anyone may cause them, so they alone could grow it
  // without bound); 0 keeps them all. Every other entry is kept (ADR 027 addendum).
  AUDIT_FAILED_SIGN_IN_KEEP_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  // Whose forwarding header names the client: `off` (the socket's peer), `fly` (Fly-Client-IP), or
  // a comma-separated list of proxy addresses whose X-Forwarded-For is believed.
  TRUST_PROXY: z
    .string()
    .trim()
    .default("off")
    .transform((v, ctx): TrustProxy => {
      if (v === "" || v === "off") return { mode: "off" };
      if (v === "fly") return { mode: "fly" };
      const addresses = v
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean);
      const bad = addresses.find((a) => !isIP(a));
      if (bad) {
        ctx.addIssue({
          code: "custom",
          message: `"${bad}" is not an IP address (use off, fly or proxy addresses)`,
        });
        return z.NEVER;
      }
      return { mode: "list", addresses };
    }),
  // Generated demo games (issue 9): opt-in, for benchmarks and demonstrations; `auto` is the old name of `on`.
  DEMO_DATA: z
    .enum(["on", "off", "auto"])
    .default("off")
    .transform((v) => (v === "auto" ? "on" : v)),
  // On an empty database, load the shipped Steam Store Games snapshot (May 2019) at start.
  SNAPSHOT_DATA: z.enum(["on", "off"]).default("on"),
  // On first start, begin the keyless live syncs (SteamSpy, Steam current players) when online.
  LIVE_BOOTSTRAP: z.enum(["on", "off"]).default("on"),
  // Data pipelines run on their schedules (`off`: only when an admin runs them).
  WORKFLOW_SCHEDULER: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Outside services (issue 5). Each base URL lets tests point an adapter at a local server.
  IGDB_CLIENT_ID: optionalString,
  IGDB_CLIENT_SECRET: optionalString,
  GITHUB_TOKEN: optionalString,
  KAGGLE_USERNAME: optionalString,
  KAGGLE_KEY: optionalString,
  // The AI analyst's language model: any OpenAI-compatible chat endpoint (issue 12). Without a base
  // URL and a model, the analyses answer from the statistics alone.
  AI_BASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  // The provider's name as the screen shows it ("llama3.1:8b via Ollama"); guessed from the address if empty.
  AI_PROVIDER_NAME: optionalString,
  // One attempt's limit; the answer falls back to the statistics after the retries. In the chat's
  // streamed answers it limits silence (no token or event for this long), so a slow model that keeps
  // writing is not cut off; one answer may take at most STREAM_CAP_MS (10 minutes, src/server/ai/llm.ts).
  // At most MAX_AI_TIMEOUT_MS (120 s): two attempts' worth must fit the server's longest idle timeout.
  AI_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(MAX_AI_TIMEOUT_MS, {
      message: `at most ${MAX_AI_TIMEOUT_MS} ms, so that the retries fit the server's ${MAX_IDLE_TIMEOUT_S} s idle timeout`,
    })
    .default(30_000),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(64).default(1500),
  // `name=url` pairs, comma-separated (names as in DEFAULT_BASES of src/server/sources/http.ts).
  SOURCE_BASE_URLS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const out: Record<string, string> = {};
      for (const pair of v
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [name, url] = pair.split(/=(.*)/s);
        if (!name || !SOURCE_NAMES.includes(name) || !url || !z.url().safeParse(url).success) {
          ctx.addIssue({
            code: "custom",
            message: `"${pair}" is not name=url with a name of ${SOURCE_NAMES.join(", ")}`,
          });
          return z.NEVER;
        }
        out[name] = url;
      }
      return out;
    }),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the configuration reads (`.env.example` documents each, tests/api/env.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as Array<keyof Env>;

export type TrustProxy = { mode: "off" } | { mode: "fly" } | { mode: "list"; addresses: string[] };

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The configuration, parsed on first use so that importing modules does no I/O. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The next `env()` reads `process.env` again (a CLI pointing the app at another database file). */
export function rereadEnv(): void {
  cached = undefined;
}

/** Tests only: forget the parsed configuration so the next `env()` reads `process.env` again. */
export function resetEnvForTests(): void {
  rereadEnv();
}

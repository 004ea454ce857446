import { sqliteCode } from "./db/busy.ts";
import { env } from "./env.ts";

/**
 * Structured logs: one JSON object per line. Never pass secrets, passwords or tokens here; as a
 * second line of defence every string field is scrubbed of e-mail addresses, password hashes, bearer
 * tokens and query strings before it is written (see `redact`).
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const ARGON_OR_BCRYPT = /\$(?:argon2(?:id|i|d)|2[aby])\$[^\s"',)]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w~+/.=-]+/gi;
// A long run of hex or base32/base64 characters is a token, a session id hash or a key.
const LONG_TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;
const QUERY = /(\/[^\s"'?]*)\?[^\s"']*/g;
// Ids (users, requests, rows) are UUIDs and stay: they are how a line is traced.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAMS = /\bparams:[\s\S]*$/;

/** A string with anything that may identify a person or unlock an account replaced by a marker. */
export function redact(text: string): string {
  return text
    .replace(PARAMS, "params: [redacted]")
    .replace(ARGON_OR_BCRYPT, "[hash]")
    .replace(BEARER, "$1 [token]")
    .replace(EMAIL, "[email]")
    .replace(QUERY, "$1?[query]")
    .replace(LONG_TOKEN, (m) => (UUID.test(m) || /^[A-Za-z_]+$/.test(m) ? m : "[token]"));
}

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redact(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrub(v, depth + 1);
  return out;
}

/**
 * The fields that say what went wrong without what the request carried: the error's kind, its
 * SQLite code when it has one (`SQLITE_BUSY`), its message (a failed query's bound values cut off)
 * and where it was thrown (stack frames only).
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const causes: string[] = [];
  let current: unknown = error.cause;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    causes.push(`${current.name}: ${current.message.split("\n")[0]}`);
    current = current.cause;
  }
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  return {
    error: error.name,
    code: sqliteCode(error),
    message: error.message.split(/\nparams:/)[0],
    ...(causes.length ? { causes } : {}),
    ...(frames.length ? { stack: frames } : {}),
  };
}

function write(level: Level, msg: string, fields?: Record<string, unknown>): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...(scrub(fields) as object) });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

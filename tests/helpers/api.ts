import { parse } from "csv-parse/sync";
import { ROLE_TIER, type Role } from "../../src/contracts/user.ts";
import { type App, createApp } from "../../src/server/app.ts";
import { createSession, generateSessionToken, SESSION_COOKIE } from "../../src/server/auth/session.ts";
import { db } from "../../src/server/db/client.ts";
import { type UserRow, users } from "../../src/server/db/schema/index.ts";

export const TEST_ORIGIN = "http://localhost";

let sharedApp: App | undefined;
export function testApp(): App {
  sharedApp ??= createApp();
  return sharedApp;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
  app?: App;
}

/** A request as a browser on our own origin would send it. */
export function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(options.json);
  }
  if (options.cookie) headers.Cookie = options.cookie;
  const app = options.app ?? testApp();
  return Promise.resolve(
    app.request(`${TEST_ORIGIN}${path}`, { method: options.method ?? "GET", headers, body }),
  );
}

let counter = 0;

/** A CSV download's rows, header first (its byte-order mark dropped). */
export async function csvRows(path: string, options: RequestOptions = {}): Promise<string[][]> {
  const res = await request(path, options);
  return parse(await res.text(), { bom: true }) as string[][];
}

export interface TestUser {
  user: UserRow;
  token: string;
  cookie: string;
}

/** A user of the given role (with the spec's fixed tier) and a live session cookie. */
export async function createTestUser(
  options: { role?: Role; email?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const role = options.role ?? "regular";
  counter++;
  const [user] = await db()
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: options.email ?? `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      firstName: options.firstName ?? null,
      lastName: options.lastName ?? null,
      role,
      subscriptionTier: ROLE_TIER[role],
    })
    .returning();
  const token = generateSessionToken();
  await createSession(token, user!.id);
  return { user: user!, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The session cookie a response set, ready to send back. */
export function cookieFrom(res: Response): string | undefined {
  const setCookie = res.headers.get("set-cookie");
  const match = setCookie?.match(new RegExp(`${SESSION_COOKIE}=([^;]*)`));
  return match?.[1] ? `${SESSION_COOKIE}=${match[1]}` : undefined;
}

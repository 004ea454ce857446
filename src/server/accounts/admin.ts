import { availableParallelism, loadavg, totalmem } from "node:os";
import { and, count, desc, eq, gt, gte, ne, or, sql } from "drizzle-orm";
import pkg from "../../../package.json" with { type: "json" };
import type { AdminStats } from "../../contracts/admin.ts";
import {
  ADMIN_BY_EMAIL_DELETE_DETAIL,
  ADMIN_BY_EMAIL_DETAIL,
  ADMIN_DELETE_BY_OPERATOR_DETAIL,
  ADMIN_ROLE_BY_OPERATOR_DETAIL,
} from "../../contracts/roles.ts";
import { ROLE_TIER, type Role } from "../../contracts/user.ts";
import { forgetCachedUser } from "../auth/session.ts";
import { countGames, countReports } from "../catalog/stats.ts";
import { getTrendingSnapshot } from "../catalog/trending.ts";
import { db, measureDatabaseLatency, SLOW_DATABASE_MS } from "../db/client.ts";
import { sessions, type UserRow, userGames, users } from "../db/schema/index.ts";
import { HttpProblem } from "../http/problem.ts";
import { connectionStats } from "../realtime/hub.ts";
import { liveSourceHealth } from "../sync/state.ts";
import { recordAudit } from "./audit.ts";
import { deleteAccount, findUserById, isAdminEmail } from "./users.ts";

/** The admin API's services (issue 2 §6): user list, counted stats, role changes. */

export async function listUsers(): Promise<UserRow[]> {
  return db().select().from(users).orderBy(desc(users.createdAt), desc(users.id));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const STARTED_AT = Date.now();

async function countUsersByRole(): Promise<AdminStats["usersByRole"]> {
  const rows = await db().select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  const byRole = { regular: 0, premium: 0, admin: 0 };
  for (const row of rows) byRole[row.role] = row.n;
  return byRole;
}

async function countUsersSince(since: Date): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users).where(gte(users.createdAt, since));
  return row?.n ?? 0;
}

async function countActiveSessions(now: Date): Promise<number> {
  const [row] = await db().select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now));
  return row?.n ?? 0;
}

async function countWatchlistEntries(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(userGames);
  return row?.n ?? 0;
}

/** `GET /api/admin/stats`: the spec's three counts, plus the measured figures the admin screen shows. */
export async function getAdminStats(): Promise<AdminStats> {
  const now = new Date();
  const [
    usersByRole,
    totalGames,
    trendingGames,
    last7,
    last30,
    activeSessions,
    watchlist,
    reports,
    dbLatencyMs,
    liveSources,
  ] = await Promise.all([
    countUsersByRole(),
    countGames(),
    getTrendingSnapshot().then((t) => t.growing),
    countUsersSince(new Date(now.getTime() - 7 * DAY_MS)),
    countUsersSince(new Date(now.getTime() - 30 * DAY_MS)),
    countActiveSessions(now),
    countWatchlistEntries(),
    countReports(),
    measureDatabaseLatency(),
    liveSourceHealth(),
  ]);
  const memory = process.memoryUsage();
  const sockets = connectionStats();
  return {
    totalUsers: usersByRole.regular + usersByRole.premium + usersByRole.admin,
    totalGames,
    trendingGames,
    usersByRole,
    newUsersLast7Days: last7,
    newUsersLast30Days: last30,
    activeSessions,
    watchlistEntries: watchlist,
    reportsGenerated: reports,
    system: {
      status: dbLatencyMs > SLOW_DATABASE_MS ? "degraded" : "ok",
      dbLatencyMs,
      uptimeSeconds: Math.floor((Date.now() - STARTED_AT) / 1000),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      totalMemoryBytes: totalmem(),
      cpuCount: availableParallelism(),
      loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      connections: sockets.connections,
      activeUsers: sockets.activeUsers,
      version: pkg.version,
      liveSources,
    },
  };
}

/**
 * Why `actor` may not make this change (ADR 027 addendum, review r26/a #1): only an operator (an admin
 * named in ADMIN_EMAILS) or the shell (`actor` null) changes another admin's role; any admin changes
 * members' roles (Admin - Enterprise included, spec §6) and their own.
 */
function operatorOnly(actor: UserRow | null, target: UserRow): string | undefined {
  if (!actor || isAdminEmail(actor.email) || actor.id === target.id) return undefined;
  return target.role === "admin" ? ADMIN_ROLE_BY_OPERATOR_DETAIL : undefined;
}

function refused(detail: string): HttpProblem {
  return new HttpProblem(403, detail, { errors: [{ field: "role", message: detail }] });
}

/**
 * Sets a user's role and its tier (spec §5 pairs); `actor` is null when run from the shell. The last admin cannot be demoted: the check
 * and the change are one statement, so two admins demoting each other at once cannot both win.
 *
 * The checks are made on the account as read, and the change is made only while the account still has
 * the role and tier read (compare and set): another process's change meanwhile (an operator's promotion,
 * `bun run user:role`, another server) makes it read the account again and decide anew, so a
 * non-operator's change cannot undo an operator's promotion, and the audit entry names the role the
 * account really had. An account deleted meanwhile is 404 (review r29, finding 2).
 */
export async function changeUserRole(
  actor: UserRow | null,
  targetId: string,
  role: Role,
  via: "api" | "shell" = "api",
): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    const target = await findUserById(targetId);
    if (!target)
      throw new HttpProblem(404, "No user with this id", {
        errors: [{ field: "id", message: "No user with this id" }],
      });
    const tier = ROLE_TIER[role];
    if (target.role === role && target.subscriptionTier === tier) return target;
    // An ADMIN_EMAILS address is made admin again at its next sign-in (promoteIfAdminEmail): a lower
    // role would hold only until then, and nobody would be told.
    if (role !== "admin" && isAdminEmail(target.email)) {
      throw new HttpProblem(409, ADMIN_BY_EMAIL_DETAIL, {
        title: "Conflict",
        errors: [{ field: "role", message: ADMIN_BY_EMAIL_DETAIL }],
      });
    }

    const refusal = operatorOnly(actor, target);
    if (refusal) throw refused(refusal);

    const [updated] = await db()
      .update(users)
      .set({ role, subscriptionTier: tier })
      .where(
        and(
          eq(users.id, targetId),
          eq(users.role, target.role),
          eq(users.subscriptionTier, target.subscriptionTier),
          role === "admin"
            ? undefined
            : or(
                ne(users.role, "admin"),
                sql`(select count(*) from ${users} where ${users.role} = 'admin') > 1`,
              ),
        ),
      )
      .returning();
    // Signed-in sessions carry the user row: the new role and tier apply from the next request.
    forgetCachedUser(targetId);
    if (!updated) {
      const now = await findUserById(targetId);
      // Changed or deleted meanwhile: decided again on the account as it is now (a few times at most).
      const changed = !now || now.role !== target.role || now.subscriptionTier !== target.subscriptionTier;
      if (changed && attempt < 5) continue;
      throw new HttpProblem(409, "This is the last admin: make another user admin before changing this one", {
        title: "Conflict",
      });
    }
    await recordAudit({
      actorId: actor?.id ?? null,
      action: "user.role_changed",
      targetId,
      detail: {
        from: { role: target.role, tier: target.subscriptionTier },
        to: { role, tier },
        via,
      },
    });
    return updated;
  }
}

function noSuchUser(): HttpProblem {
  return new HttpProblem(404, "No user with this id", {
    errors: [{ field: "id", message: "No user with this id" }],
  });
}

/**
 * `DELETE /api/admin/users/:id` (review r31/c #2, ADR 043): an admin removes another user's account
 * through `deleteAccount`, as Delete Account does (sessions ended, open sockets closed, audited with
 * the actor). Their own account goes the same way as their own Delete Account (the last admin is
 * refused). Another admin's account only an operator deletes (403), as with its role and password; an
 * ADMIN_EMAILS account nobody deletes here (409): whoever signs up with the address next would be
 * made admin. Answers whether the actor deleted their own account.
 */
export async function deleteUserByAdmin(actor: UserRow, targetId: string): Promise<{ self: boolean }> {
  if (targetId === actor.id) {
    if (!(await deleteAccount(actor.id, actor.id))) throw noSuchUser();
    return { self: true };
  }
  const target = await findUserById(targetId);
  if (!target) throw noSuchUser();
  if (isAdminEmail(target.email)) {
    throw new HttpProblem(409, ADMIN_BY_EMAIL_DELETE_DETAIL, { title: "Conflict" });
  }
  if (target.role === "admin" && !isAdminEmail(actor.email)) {
    throw new HttpProblem(403, ADMIN_DELETE_BY_OPERATOR_DETAIL);
  }
  // Deleted meanwhile (by its owner, another admin): 404 as if it had never been found.
  if (!(await deleteAccount(targetId, actor.id))) throw noSuchUser();
  return { self: false };
}

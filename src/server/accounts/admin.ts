import { and, count, desc, eq, ne, or, sql } from "drizzle-orm";
import type { AdminStats } from "../../contracts/admin.ts";
import { ROLE_TIER, type Role } from "../../contracts/user.ts";
import { countGames } from "../catalog/stats.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import { db } from "../db/client.ts";
import { type UserRow, users } from "../db/schema/index.ts";
import { HttpProblem } from "../http/problem.ts";
import { recordAudit } from "./audit.ts";
import { findUserById } from "./users.ts";

/** The admin API's services (issue 2 §6): user list, counted stats, role changes. */

export async function listUsers(): Promise<UserRow[]> {
  return db().select().from(users).orderBy(desc(users.createdAt), desc(users.id));
}

async function countUsers(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function getAdminStats(): Promise<AdminStats> {
  const [totalUsers, totalGames, trendingGames] = await Promise.all([
    countUsers(),
    countGames(),
    getTrendingGames().then((list) => list.length),
  ]);
  return { totalUsers, totalGames, trendingGames };
}

/**
 * Sets a user's role and its tier (spec §5 pairs); `actor` is null when run from the shell. The last admin cannot be demoted: the check
 * and the change are one statement, so two admins demoting each other at once cannot both win.
 */
export async function changeUserRole(
  actor: UserRow | null,
  targetId: string,
  role: Role,
  via: "api" | "shell" = "api",
): Promise<UserRow> {
  const target = await findUserById(targetId);
  if (!target) throw new HttpProblem(404, "No user with this id");
  const tier = ROLE_TIER[role];
  if (target.role === role && target.subscriptionTier === tier) return target;

  const [updated] = await db()
    .update(users)
    .set({ role, subscriptionTier: tier })
    .where(
      role === "admin"
        ? eq(users.id, targetId)
        : and(
            eq(users.id, targetId),
            or(
              ne(users.role, "admin"),
              sql`(select count(*) from ${users} where ${users.role} = 'admin') > 1`,
            ),
          ),
    )
    .returning();
  if (!updated) {
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

import { z } from "zod";
import { ROLE_TIER, ROLES, TIERS } from "./user.ts";

/**
 * Admin API bodies and answers (issue 2 §6, spec §3 "Admin stats"). `GET /api/admin/users`
 * answers `PublicUser[]` (src/contracts/user.ts), newest first.
 */
const count = z.number().int().nonnegative();
export const AdminStatsSchema = z.object({
  totalUsers: count,
  totalGames: count,
  trendingGames: count,
  /** Beyond the spec's three counts: what the admin screen shows, all measured, none fixed. */
  usersByRole: z.object({ regular: count, premium: count, admin: count }),
  newUsersLast7Days: count,
  newUsersLast30Days: count,
  activeSessions: count,
  watchlistEntries: count,
  reportsGenerated: count,
  system: z.object({
    /** "ok" when the database answered; "degraded" when it answered slower than a second. */
    status: z.enum(["ok", "degraded"]),
    dbLatencyMs: z.number().nonnegative(),
    uptimeSeconds: count,
    rssBytes: count,
    heapUsedBytes: count,
    /** The machine's memory and processors, and its load over the last minute. */
    totalMemoryBytes: count,
    cpuCount: count,
    loadAverage1m: z.number().nonnegative(),
    /** Open realtime sockets and the distinct users behind them. */
    connections: count,
    activeUsers: count,
    version: z.string(),
    /**
     * The live sources as the health workflow checks them: how many have been synced, and those whose
     * last sync failed (with the reason and when). `status` is the database's alone.
     */
    liveSources: z.object({
      synced: count,
      failing: z.array(
        z.object({ source: z.string(), message: z.string().nullable(), lastSyncAt: z.string() }),
      ),
    }),
  }),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export { ROLE_CHOICES } from "./roles.ts";

/**
 * `PUT /api/admin/users/:id/role` takes `{role, tier}` (spec §7, issue 2 §6), both required and only
 * as the spec's three pairs, as the User Management screen sends them; anything else is 422 naming the
 * field (ADR 023).
 */
export const RoleChangeBodySchema = z
  .object({
    role: z.enum(ROLES, {
      error: (issue) => (issue.input === undefined ? "Required" : `One of ${ROLES.join(", ")}`),
    }),
    tier: z.enum(TIERS, {
      error: (issue) => (issue.input === undefined ? "Required" : `One of ${TIERS.join(", ")}`),
    }),
  })
  .strict()
  .refine((b) => ROLE_TIER[b.role] === b.tier, {
    path: ["tier"],
    message: "Role and tier go together: regular/starter, premium/professional or admin/enterprise",
  })
  .transform((b) => ({ role: b.role, tier: ROLE_TIER[b.role] }));
export type RoleChangeBody = z.infer<typeof RoleChangeBodySchema>;

import { z } from "zod";
import { ROLE_TIER, ROLES, type Role, TIERS, type Tier } from "./user.ts";

/**
 * Admin API bodies and answers (issue 2 §6, spec §3 "Admin stats"). `GET /api/admin/users`
 * answers `PublicUser[]` (src/contracts/user.ts), newest first.
 */
export const AdminStatsSchema = z.object({
  totalUsers: z.number().int().nonnegative(),
  totalGames: z.number().int().nonnegative(),
  trendingGames: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** The role/tier pairs an admin may choose from (spec §5: Regular-Starter, Premium-Professional, Admin-Enterprise). */
export const ROLE_CHOICES: { role: Role; tier: Tier; label: string }[] = [
  { role: "regular", tier: "starter", label: "Regular - Starter" },
  { role: "premium", tier: "professional", label: "Premium - Professional" },
  { role: "admin", tier: "enterprise", label: "Admin - Enterprise" },
];

/** `PUT /api/admin/users/:id/role`: role and tier change together, only as the spec's pairs. */
export const RoleChangeBodySchema = z
  .object({ role: z.enum(ROLES), tier: z.enum(TIERS) })
  .refine((b) => ROLE_TIER[b.role] === b.tier, {
    path: ["tier"],
    message: "Role and tier go together: regular/starter, premium/professional or admin/enterprise",
  });
export type RoleChangeBody = z.infer<typeof RoleChangeBodySchema>;

import { z } from "zod";

export const ROLES = ["regular", "premium", "admin"] as const;
export const TIERS = ["starter", "professional", "enterprise"] as const;
export type Role = (typeof ROLES)[number];
export type Tier = (typeof TIERS)[number];

/** The spec's fixed role/tier pairs (spec §5): role and tier always change together. */
export const ROLE_TIER: Record<Role, Tier> = {
  regular: "starter",
  premium: "professional",
  admin: "enterprise",
};

/** The user as answered by the API (spec §3). Never carries the password hash. */
export const PublicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  subscriptionTier: z.enum(TIERS),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** Spec §6: any role other than regular has premium access. */
export function hasPremiumAccess(user: Pick<PublicUser, "role"> | null | undefined): boolean {
  return !!user && user.role !== "regular";
}

export function isAdmin(user: Pick<PublicUser, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

/** Roles and tiers as plain values (no zod), for the client bundle; `user.ts` adds the schemas. */
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

/** The role/tier pairs an admin may choose from (spec §5: Regular-Starter, Premium-Professional, Admin-Enterprise). */
export const ROLE_CHOICES: { role: Role; tier: Tier; label: string }[] = [
  { role: "regular", tier: "starter", label: "Regular - Starter" },
  { role: "premium", tier: "professional", label: "Premium - Professional" },
  { role: "admin", tier: "enterprise", label: "Admin - Enterprise" },
];

/** The user as answered by the API (spec §3). Never carries the password hash. */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  subscriptionTier: Tier;
  createdAt: string;
}

/** Spec §6: any role other than regular has premium access. */
export function hasPremiumAccess(user: Pick<PublicUser, "role"> | null | undefined): boolean {
  return !!user && user.role !== "regular";
}

export function isAdmin(user: Pick<PublicUser, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

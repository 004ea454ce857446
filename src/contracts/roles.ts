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

/**
 * `GET /api/admin/users`: each user as `PublicUser`, with `adminByEmail` on those whose address is
 * in the server's ADMIN_EMAILS setting (made admin again at every sign-in, so their role cannot be
 * lowered from the screen).
 */
export type AdminListedUser = PublicUser & { adminByEmail?: true };

/**
 * Why an ADMIN_EMAILS account cannot be demoted (the 409's detail, the shell's refusal and the User
 * Management select's tooltip).
 */
export const ADMIN_BY_EMAIL_DETAIL =
  "This address is an administrator by the server's ADMIN_EMAILS setting: remove it there first, or it is made admin again at its next sign-in";

/**
 * Why an admin cannot reset an ADMIN_EMAILS account's password (the 409's detail and the User
 * Management button's tooltip): another admin could otherwise take over the owner's account. Its
 * owner changes it in Settings; a lost one is reset from the shell (review r21/a #1).
 */
export const ADMIN_BY_EMAIL_RESET_DETAIL =
  "This address is an administrator by the server's ADMIN_EMAILS setting: only its owner changes its password (Settings → Security → Password), or an operator resets it on the server with bun run user:password";

/**
 * Why an admin who is not an operator cannot reset another admin's password (the 403's detail and the
 * User Management button's tooltip, review r25 #9): admins reset members' passwords; an admin's is
 * reset only by an operator, an administrator named in the server's ADMIN_EMAILS setting (or on the
 * server), so one admin cannot take over another's account.
 */
export const ADMIN_RESET_BY_OPERATOR_DETAIL =
  "Only an operator (an administrator named in the server's ADMIN_EMAILS setting) resets another administrator's password: ask one, or its owner changes it in Settings → Security → Password";

/**
 * Why an admin who is not an operator cannot change another admin's role (the 403's detail and the
 * User Management select's tooltip, review r26/a #1): demoting an admin let them reset the password
 * that ADMIN_RESET_BY_OPERATOR_DETAIL protects and promote the account back, three requests to take
 * it over. Only an operator, or the server's `bun run user:role`, demotes an admin.
 */
export const ADMIN_ROLE_BY_OPERATOR_DETAIL =
  "Only an operator (an administrator named in the server's ADMIN_EMAILS setting) changes another administrator's role: ask one, or it is changed on the server with bun run user:role";

/**
 * Why an admin cannot delete an ADMIN_EMAILS account from User Management (the 409's detail and the
 * Delete button's tooltip, review r31/c #2): the address stays in the setting, so whoever signs up
 * with it next would be made admin.
 */
export const ADMIN_BY_EMAIL_DELETE_DETAIL =
  "This address is an administrator by the server's ADMIN_EMAILS setting: remove it there first, or whoever signs up with it next is made admin";

/**
 * Why an admin who is not an operator cannot delete another admin's account (the 403's detail and the
 * Delete button's tooltip): as with another admin's role and password (ADMIN_ROLE_BY_OPERATOR_DETAIL),
 * one admin does not remove another.
 */
export const ADMIN_DELETE_BY_OPERATOR_DETAIL =
  "Only an operator (an administrator named in the server's ADMIN_EMAILS setting) deletes another administrator's account: ask one";

/** Spec §6: any role other than regular has premium access. */
export function hasPremiumAccess(user: Pick<PublicUser, "role"> | null | undefined): boolean {
  return !!user && user.role !== "regular";
}

export function isAdmin(user: Pick<PublicUser, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

/**
 * The `detail` of the server's 403 when a signed-in user's role lacks a feature (auth/guards.ts).
 * The screens never offer such an action to that role, so the client reads one as "the role changed
 * since this screen loaded": it reloads the user and says so (client/api.ts).
 */
export const PREMIUM_REQUIRED_DETAIL = "This feature needs a Premium plan";
export const ADMIN_REQUIRED_DETAIL = "Admin access required";

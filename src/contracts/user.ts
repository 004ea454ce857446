import { z } from "zod";
import { NameTextSchema } from "./auth.ts";
import { type PublicUser, ROLES, TIERS } from "./roles.ts";

export * from "./roles.ts";

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

const _shapeCheck: (v: z.infer<typeof PublicUserSchema>) => PublicUser = (v) => v;
void _shapeCheck;

/**
 * `PATCH /api/user/profile` (issue 9 §5): a user's first and last name; empty clears it. The same
 * name rules as sign-up; any other key (email, role…) is refused, not ignored, as in
 * `PATCH /api/user/settings`. An empty object changes nothing, as there.
 */
export const ProfilePatchSchema = z.strictObject({
  firstName: NameTextSchema.nullable().optional(),
  lastName: NameTextSchema.nullable().optional(),
});
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

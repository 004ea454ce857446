import { z } from "zod";
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

/** `PATCH /api/user/profile` (issue 9 §5): a user's first and last name; empty clears it. */
export const ProfilePatchSchema = z.object({
  firstName: z.string().trim().max(60, { message: "At most 60 characters" }).nullable().optional(),
  lastName: z.string().trim().max(60, { message: "At most 60 characters" }).nullable().optional(),
});
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

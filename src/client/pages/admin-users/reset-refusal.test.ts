import { expect, test } from "vitest";
import {
  ADMIN_BY_EMAIL_RESET_DETAIL,
  ADMIN_RESET_BY_OPERATOR_DETAIL,
  type AdminListedUser,
} from "../../../contracts/roles.ts";
import { resetRefusal } from "./UsersTable.tsx";

const user = (over: Partial<AdminListedUser>): AdminListedUser => ({
  id: "u1",
  email: "someone@studio.example",
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: "regular",
  subscriptionTier: "starter",
  createdAt: "2026-11-20T10:00:00.000Z",
  ...over,
});

// Review r25 #9: the Reset password button says why before the server refuses.
test("admins reset members' passwords; another admin's only an operator; an ADMIN_EMAILS account's nobody", () => {
  for (const viewerIsOperator of [false, true]) {
    expect(resetRefusal(user({}), viewerIsOperator)).toBeUndefined();
    expect(
      resetRefusal(user({ role: "premium", subscriptionTier: "professional" }), viewerIsOperator),
    ).toBeUndefined();
    expect(resetRefusal(user({ role: "admin", adminByEmail: true }), viewerIsOperator)).toBe(
      ADMIN_BY_EMAIL_RESET_DETAIL,
    );
  }
  const admin = user({ role: "admin", subscriptionTier: "enterprise" });
  expect(resetRefusal(admin, false)).toBe(ADMIN_RESET_BY_OPERATOR_DETAIL);
  expect(resetRefusal(admin, true)).toBeUndefined();
});

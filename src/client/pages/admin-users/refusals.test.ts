import { expect, test } from "vitest";
import {
  ADMIN_BY_EMAIL_DELETE_DETAIL,
  ADMIN_BY_EMAIL_DETAIL,
  ADMIN_BY_EMAIL_RESET_DETAIL,
  ADMIN_DELETE_BY_OPERATOR_DETAIL,
  ADMIN_RESET_BY_OPERATOR_DETAIL,
  ADMIN_ROLE_BY_OPERATOR_DETAIL,
  type AdminListedUser,
} from "../../../contracts/roles.ts";
import { deleteRefusal, resetRefusal, roleRefusal } from "./UsersTable.tsx";

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

const admin = (over: Partial<AdminListedUser> = {}) =>
  user({ role: "admin", subscriptionTier: "enterprise", ...over });
const plainAdmin = { id: "me", isOperator: false };
const operator = { id: "me", isOperator: true };

// Review r26/a #1: the role select says why before the server refuses (403), as Reset password does.
test("another admin's role is changed only by an operator; one's own and members' by any admin", () => {
  expect(roleRefusal(admin(), plainAdmin, 2)).toBe(ADMIN_ROLE_BY_OPERATOR_DETAIL);
  expect(roleRefusal(admin(), operator, 2)).toBeUndefined();
  expect(roleRefusal(admin({ id: "me" }), plainAdmin, 2)).toBeUndefined();
  for (const viewer of [plainAdmin, operator]) {
    expect(roleRefusal(user({}), viewer, 2)).toBeUndefined();
    expect(
      roleRefusal(user({ role: "premium", subscriptionTier: "professional" }), viewer, 2),
    ).toBeUndefined();
    // As before: the only admin, and an ADMIN_EMAILS address (even while it holds a lower role).
    expect(roleRefusal(admin({ id: "me" }), viewer, 1)).toBe("The only admin: make another user admin first");
    expect(roleRefusal(admin({ adminByEmail: true }), viewer, 2)).toBe(ADMIN_BY_EMAIL_DETAIL);
    expect(roleRefusal(user({ adminByEmail: true }), viewer, 2)).toBe(ADMIN_BY_EMAIL_DETAIL);
  }
});

// Review r31/c #2: the Delete button says why before the server refuses, as Reset password does.
test("admins delete members' accounts; another admin's only an operator; an ADMIN_EMAILS account's nobody here", () => {
  for (const viewerIsOperator of [false, true]) {
    expect(deleteRefusal(user({}), viewerIsOperator)).toBeUndefined();
    expect(
      deleteRefusal(user({ role: "premium", subscriptionTier: "professional" }), viewerIsOperator),
    ).toBeUndefined();
    expect(deleteRefusal(admin({ adminByEmail: true }), viewerIsOperator)).toBe(ADMIN_BY_EMAIL_DELETE_DETAIL);
    expect(deleteRefusal(user({ adminByEmail: true }), viewerIsOperator)).toBe(ADMIN_BY_EMAIL_DELETE_DETAIL);
  }
  expect(deleteRefusal(admin(), false)).toBe(ADMIN_DELETE_BY_OPERATOR_DETAIL);
  expect(deleteRefusal(admin(), true)).toBeUndefined();
});

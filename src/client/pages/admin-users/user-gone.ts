import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api.ts";
import { adminStatsQuery, adminUsersQuery } from "../../queries/admin.ts";

/**
 * Whether a failed change to one user says the account is gone (404 "No user with this id": deleted by
 * its owner or another admin since the table loaded, review r31/c #3).
 */
export function userGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Loads the user list and the counts again (after a change, or after one found the account gone). */
export function reloadUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUsersQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: adminStatsQuery.queryKey }),
  ]);
}

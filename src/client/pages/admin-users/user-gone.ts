import type { QueryClient } from "@tanstack/react-query";
import { toast } from "../../../ui/toast/toast-store.ts";
import { ApiError } from "../../api.ts";
import { adminStatsQuery, adminUsersQuery } from "../../queries/admin.ts";
import { withServerReason } from "../../server-reason.ts";

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

/**
 * A dialog's action on an account deleted since the table loaded: said in a toast with the server's
 * reason, and the list loaded again so the row leaves. Answers whether it was that (the dialog then
 * closes); other refusals stay in the dialog.
 */
export function toldUserGone(queryClient: QueryClient, error: unknown, failed: string): boolean {
  if (!userGone(error)) return false;
  toast({ title: "Error", description: withServerReason(failed, error), variant: "destructive" });
  void reloadUsers(queryClient);
  return true;
}

import {
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { safeReturnPath } from "../contracts/return-path.ts";
import { toast } from "../ui/toast/toast-store.ts";
import { ApiError, apiGet, isUnauthorizedError } from "./api.ts";
import { toasterReady } from "./DeferredToaster.tsx";
import { currentUserQuery } from "./queries/auth.ts";
import { STATUS_QUERY_KEY } from "./queries/status.ts";

export const REDIRECT_DELAY_MS = 500;

/** Spec §8's text for a visitor (or an ended session) on a protected screen. */
const LOGGED_OUT_TEXT = "You are logged out. Logging in again...";
/** Spec §6's text for anyone on an admin screen who is not an admin, signed in or not. */
export const ADMIN_REQUIRED_TEXT = "Admin access required. Redirecting...";

let redirecting = false;
/**
 * Spec §8: toast, then after 500 ms a full navigation to sign-in, carrying the screen the visitor
 * was on so signing in lands back there (issue 8). `description` is spec §6's admin text when the
 * visitor opened an admin screen signed out.
 */
export function handleLoggedOut(description: string = LOGGED_OUT_TEXT): void {
  if (redirecting) return;
  redirecting = true;
  toast({ title: "Unauthorized", description, variant: "destructive" });
  // The 500 ms count from when the toast can be on screen (the Toaster loads on first use).
  void toasterReady().then(() =>
    setTimeout(() => {
      const next = safeReturnPath(window.location.pathname + window.location.search);
      window.location.href = next ? `/api/login?next=${encodeURIComponent(next)}` : "/api/login";
    }, REDIRECT_DELAY_MS),
  );
}

/** Set by a role change until the reloaded user has rendered; then the screen's data is reloaded. */
let screenRefreshPending = false;
const notTheUser = (query: Query) => query.queryKey[0] !== currentUserQuery.queryKey[0];

/**
 * The user's role changed (the socket said so, or the server refused a request by role): reload the
 * current user, so the sidebar's badges and Premium items and the Premium screens follow the new
 * plan. With `everything`, the screen's other data is reloaded too, since what the server answers
 * depends on the plan (a promoted user's Overview gains Market Volatility) — but only after the
 * screens have rendered for the new user (useScreenRefreshAfterRoleChange): a demoted user's open
 * Premium screen is locked by then, so its Premium queries are not sent only to be refused with 403.
 * Until then those queries are only marked stale.
 */
export async function refreshAfterRoleChange(
  queryClient: QueryClient,
  { everything = false }: { everything?: boolean } = {},
): Promise<void> {
  if (everything) {
    screenRefreshPending = true;
    await queryClient.invalidateQueries({ predicate: notTheUser, refetchType: "none" });
  }
  await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}

/**
 * Used by the component above every screen: once the reloaded user has rendered (its effects run
 * after those of the screens below, which by then have unmounted or disabled what the new role may
 * not fetch), refetch the marked queries still in use.
 */
export function useScreenRefreshAfterRoleChange(): void {
  const queryClient = useQueryClient();
  const { dataUpdatedAt } = useQuery(currentUserQuery);
  useEffect(() => {
    if (!screenRefreshPending || !dataUpdatedAt) return;
    screenRefreshPending = false;
    void queryClient.refetchQueries({ type: "active", stale: true, predicate: notTheUser });
  }, [queryClient, dataUpdatedAt]);
}

function onError(error: unknown) {
  if (isUnauthorizedError(error)) handleLoggedOut();
}

/**
 * Spec §7 query defaults: no automatic refetching, data never stale, no retry. Queries fetch the
 * path made of their key's string segments joined with slashes, unless they bring their own queryFn.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error) => {
        onError(error);
        // A write refused with 503 may be maintenance mode turned on since the banner last asked
        // (it asks every minute): ask now, so the banner says why at once.
        if (error instanceof ApiError && error.status === 503) {
          void client.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
        }
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiGet(queryKey.filter((k) => typeof k === "string").join("/")),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

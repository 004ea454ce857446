import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { safeReturnPath } from "../contracts/return-path.ts";
import { toast } from "../ui/toast/toast-store.ts";
import { apiGet, isUnauthorizedError } from "./api.ts";
import { toasterReady } from "./DeferredToaster.tsx";
import { currentUserQuery } from "./queries/auth.ts";

export const REDIRECT_DELAY_MS = 500;

/** Spec §8's text for a visitor (or an ended session) on a protected screen. */
export const LOGGED_OUT_TEXT = "You are logged out. Logging in again...";
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

/**
 * The user's role changed (the socket said so, or the server refused a request by role): reload the
 * current user, so the sidebar's badges and Premium items and the Premium screens follow the new
 * plan. With `everything`, the screen's other data is reloaded after it too, since what the server
 * answers depends on the plan (a promoted user's Overview gains Market Volatility).
 */
export async function refreshAfterRoleChange(
  queryClient: QueryClient,
  { everything = false }: { everything?: boolean } = {},
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  if (everything) {
    const [userKey] = currentUserQuery.queryKey;
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userKey });
  }
}

function onError(error: unknown) {
  if (isUnauthorizedError(error)) handleLoggedOut();
}

/**
 * Spec §7 query defaults: no automatic refetching, data never stale, no retry. Queries fetch the
 * path made of their key's string segments joined with slashes, unless they bring their own queryFn.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
}

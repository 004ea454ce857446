import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, Suspense, useCallback, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { isAdmin, type PublicUser } from "../contracts/roles.ts";
import { Button } from "../ui/button/index.ts";
import { Spinner } from "../ui/spinner/index.ts";
import { toast } from "../ui/toast/toast-store.ts";
import { applyFormatPreferences } from "./format/preferences.ts";
import { AppShell } from "./layout/AppShell.tsx";
import { ADMIN_NAV } from "./layout/nav.ts";
import { AccessDenied } from "./pages/admin/AccessDenied.tsx";
import { currentUserQuery, userSettingsQuery } from "./queries/auth.ts";
import {
  ADMIN_REQUIRED_TEXT,
  handleLoggedOut,
  REDIRECT_DELAY_MS,
  useScreenRefreshAfterRoleChange,
} from "./query-client.ts";
import { lazyScreen } from "./recovery/chunks.ts";
import { ScreenErrorBoundary } from "./recovery/ScreenErrorBoundary.tsx";
import { applyRefreshInterval } from "./refresh.ts";
import { sessionCheckFailure } from "./session-check.ts";
import { applyTheme } from "./theme.ts";

// Every screen is its own lazy chunk, so the first route loads only what it shows; a chunk that
// cannot be fetched reloads the page once or shows the error screen (recovery/chunks.ts). Each screen is the
// default export of src/client/pages/<screen>/<Screen>Page.tsx; replace the file to fill a screen in.
const OverviewPage = lazyScreen(() => import("./pages/overview/OverviewPage.tsx"));
const DashboardPage = lazyScreen(() => import("./pages/dashboard/DashboardPage.tsx"));
const GameTrackingPage = lazyScreen(() => import("./pages/game-tracking/GameTrackingPage.tsx"));
const AnalyticsPage = lazyScreen(() => import("./pages/analytics/AnalyticsPage.tsx"));
const AiAnalyticsPage = lazyScreen(() => import("./pages/ai-analytics/AiAnalyticsPage.tsx"));
const HistoricalPage = lazyScreen(() => import("./pages/historical/HistoricalPage.tsx"));
const CommunityDatasetsPage = lazyScreen(() => import("./pages/github-gaming/CommunityDatasetsPage.tsx"));
const GamesDatabasePage = lazyScreen(() => import("./pages/igdb-games/GamesDatabasePage.tsx"));
const SettingsPage = lazyScreen(() => import("./pages/settings/SettingsPage.tsx"));
const AdminPage = lazyScreen(() => import("./pages/admin/AdminPage.tsx"));
const UserManagementPage = lazyScreen(() => import("./pages/admin-users/UserManagementPage.tsx"));
const WorkflowsPage = lazyScreen(() => import("./pages/workflows/WorkflowsPage.tsx"));
const GamePage = lazyScreen(() => import("./pages/game/GamePage.tsx"));
const ComparePage = lazyScreen(() => import("./pages/compare/ComparePage.tsx"));
const MarketPage = lazyScreen(() => import("./pages/market/MarketPage.tsx"));
const CompanyPage = lazyScreen(() => import("./pages/company/CompanyPage.tsx"));
const DataSourcesPage = lazyScreen(() => import("./pages/data-sources/DataSourcesPage.tsx"));
const ProfilePage = lazyScreen(() => import("./pages/profile/ProfilePage.tsx"));
const MethodologyPage = lazyScreen(() => import("./pages/methodology/MethodologyPage.tsx"));
const NotFoundPage = lazyScreen(() => import("./pages/not-found/NotFoundPage.tsx"));

function PageFallback() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner className="size-6" />
    </div>
  );
}

/** Spec §6: non-admins get a toast and are sent home after 500 ms; the screen itself fetches nothing. */
function AdminOnly({ user, children }: { user: PublicUser; children: ReactNode }) {
  const [, navigate] = useLocation();
  const allowed = isAdmin(user);
  useEffect(() => {
    if (allowed) return;
    toast({ title: "Unauthorized", description: ADMIN_REQUIRED_TEXT, variant: "destructive" });
    // Replace, not push: Back from home must not return to the admin screen and bounce again.
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate]);
  return allowed ? children : <AccessDenied />;
}

function SignedInApp({ user }: { user: PublicUser }) {
  // Apply the saved theme as soon as settings load (the local copy already painted the first frame).
  const settings = useQuery(userSettingsQuery);
  // Dates and numbers follow the saved language and time zone. Set while rendering, before the
  // screen below renders: a change re-renders this component, and the screen with it, in the new way.
  if (settings.data) applyFormatPreferences(settings.data.preferences);
  useEffect(() => {
    if (settings.data) applyTheme(settings.data.preferences.theme);
  }, [settings.data]);
  // Live screens refetch at the user's chosen interval (Settings → Preferences).
  const queryClient = useQueryClient();
  const refreshSeconds = settings.data?.preferences.dataRefreshInterval;
  useEffect(() => {
    if (refreshSeconds) applyRefreshInterval(queryClient, refreshSeconds);
  }, [queryClient, refreshSeconds]);
  // After a role change, the screen's data reloads once the screens below show the new role.
  useScreenRefreshAfterRoleChange();

  // Admin screens render only behind the guard, so for anyone else they never mount and fetch nothing.
  const admin = (Screen: ComponentType) => (
    <AdminOnly user={user}>
      <Screen />
    </AdminOnly>
  );
  const [location] = useLocation();
  return (
    <AppShell user={user}>
      <ScreenErrorBoundary resetKey={location}>
        <Suspense fallback={<PageFallback />}>
          <Switch>
            <Route path="/" component={OverviewPage} />
            <Route path="/dashboard" component={DashboardPage} />
            <Route path="/games" component={GameTrackingPage} />
            <Route path="/games/:id" component={GamePage} />
            <Route path="/compare" component={ComparePage} />
            <Route path="/market" component={MarketPage} />
            <Route path="/companies/:slug" component={CompanyPage} />
            <Route path="/game-tracking" component={GameTrackingPage} />
            <Route path="/watchlist" component={GameTrackingPage} />
            <Route path="/analytics" component={AnalyticsPage} />
            <Route path="/ai-analytics" component={AiAnalyticsPage} />
            <Route path="/historical-analytics" component={HistoricalPage} />
            <Route path="/github-gaming" component={CommunityDatasetsPage} />
            <Route path="/igdb-games" component={GamesDatabasePage} />
            <Route path="/settings" component={SettingsPage} />
            <Route path="/profiles/:id" component={ProfilePage} />
            <Route path="/methodology" component={MethodologyPage} />
            <Route path="/data-sources" component={DataSourcesPage} />
            <Route path="/admin">{admin(AdminPage)}</Route>
            <Route path="/admin/users">{admin(UserManagementPage)}</Route>
            <Route path="/workflows">{admin(WorkflowsPage)}</Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ScreenErrorBoundary>
    </AppShell>
  );
}

/**
 * The current-user call failed for another reason than being signed out (a 429 of the API limit, a
 * 503): say why, and ask again after the server's Retry-After or on Try again.
 */
function SessionCheckFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { message, retryInSeconds } = sessionCheckFailure(error);
  useEffect(() => {
    if (retryInSeconds == null) return;
    const timer = setTimeout(retry, retryInSeconds * 1000);
    return () => clearTimeout(timer);
  }, [retry, retryInSeconds]);
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center"
      role="alert"
    >
      <p className="font-medium">{message}</p>
      {retryInSeconds != null && (
        <p className="text-muted-foreground text-sm">
          Trying again in {retryInSeconds} second{retryInSeconds === 1 ? "" : "s"}.
        </p>
      )}
      <Button onClick={retry}>Try again</Button>
    </div>
  );
}

/** The screens behind AdminOnly (spec §6), as the sidebar's admin section lists them. */
function isAdminScreen(location: string): boolean {
  const path = location.length > 1 ? location.replace(/\/+$/, "") : location;
  return ADMIN_NAV.some((item) => item.href === path);
}

export function App() {
  const { data: user, isLoading, isFetching, error, refetch } = useQuery(currentUserQuery);
  const [location] = useLocation();
  // Only a 401 means signed out (the query answers null): a 429 or 503 is not a reason to sign in again.
  const signedOut = !isLoading && user === null;
  const onAdminScreen = isAdminScreen(location);
  useEffect(() => {
    // Spec §8: a visitor on a protected screen is told and sent to sign in after 500 ms. On an admin
    // screen spec §6 is the more specific rule ("a non-admin or unauthenticated visitor … gets
    // 'Admin access required. Redirecting...'"), still to sign in since no user is known.
    if (signedOut) handleLoggedOut(onAdminScreen ? ADMIN_REQUIRED_TEXT : undefined);
  }, [signedOut, onAdminScreen]);
  const retry = useCallback(() => void refetch(), [refetch]);

  if (error && !user && !isFetching) return <SessionCheckFailed error={error} retry={retry} />;
  if (isLoading || !user) {
    return (
      <div className="flex min-h-screen items-center justify-center" aria-busy="true">
        <Spinner className="size-8" label="Checking your session" />
      </div>
    );
  }
  return <SignedInApp user={user} />;
}

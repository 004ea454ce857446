import { useQuery } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { isAdmin, type PublicUser } from "../contracts/roles.ts";
import { Spinner, toast } from "../ui/index.ts";
import { AppShell } from "./layout/AppShell.tsx";
import { AccessDenied } from "./pages/admin/AccessDenied.tsx";
import { ComingSoonPage } from "./pages/coming-soon/ComingSoonPage.tsx";
import { currentUserQuery, userSettingsQuery } from "./queries/auth.ts";
import { handleLoggedOut, REDIRECT_DELAY_MS } from "./query-client.ts";
import { applyTheme } from "./theme.ts";

// Every screen is its own lazy chunk, so the first route loads only what it shows.
const SettingsPage = lazy(() => import("./pages/settings/SettingsPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/not-found/NotFoundPage.tsx"));
const OverviewPage = lazy(() => import("./pages/overview/OverviewPage.tsx"));
const GameTrackingPage = lazy(() => import("./pages/game-tracking/GameTrackingPage.tsx"));
const HistoricalPage = lazy(() => import("./pages/historical/HistoricalPage.tsx"));
const GamesDatabasePage = lazy(() => import("./pages/igdb-games/GamesDatabasePage.tsx"));
const CommunityDatasetsPage = lazy(() => import("./pages/github-gaming/CommunityDatasetsPage.tsx"));

function soon(title: string, description: string): ComponentType {
  return () => <ComingSoonPage title={title} description={description} />;
}

export const SCREENS = {
  overview: OverviewPage,
  dashboard: soon("Gaming Analytics Dashboard", "Live platform statistics, charts and reports."),
  gameTracking: GameTrackingPage,
  analytics: soon("Analytics", "Market and revenue analytics."),
  aiAnalytics: soon("AI Analytics", "Game analysis, market insights, recommendations and trending topics."),
  historical: HistoricalPage,
  githubGaming: CommunityDatasetsPage,
  igdbGames: GamesDatabasePage,
  admin: soon("Admin Dashboard", "Users, catalog and system health."),
  adminUsers: soon("User Management", "Roles and tiers of every account."),
  workflows: soon("Workflows", "The data pipelines that keep the catalog fresh."),
};

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
    toast({
      title: "Unauthorized",
      description: "Admin access required. Redirecting...",
      variant: "destructive",
    });
    const timer = setTimeout(() => navigate("/"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate]);
  return allowed ? children : <AccessDenied />;
}

function SignedInApp({ user }: { user: PublicUser }) {
  // Apply the saved theme as soon as settings load (the local copy already painted the first frame).
  const settings = useQuery(userSettingsQuery);
  useEffect(() => {
    if (settings.data) applyTheme(settings.data.preferences.theme);
  }, [settings.data]);

  const admin = (Screen: ComponentType) => () => (
    <AdminOnly user={user}>
      <Screen />
    </AdminOnly>
  );
  return (
    <AppShell user={user}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path="/" component={SCREENS.overview} />
          <Route path="/dashboard" component={SCREENS.dashboard} />
          <Route path="/games" component={SCREENS.gameTracking} />
          <Route path="/game-tracking" component={SCREENS.gameTracking} />
          <Route path="/watchlist" component={SCREENS.gameTracking} />
          <Route path="/analytics" component={SCREENS.analytics} />
          <Route path="/ai-analytics" component={SCREENS.aiAnalytics} />
          <Route path="/historical-analytics" component={SCREENS.historical} />
          <Route path="/github-gaming" component={SCREENS.githubGaming} />
          <Route path="/igdb-games" component={SCREENS.igdbGames} />
          <Route path="/settings" component={SettingsPage} />
          <Route path="/admin" component={admin(SCREENS.admin)} />
          <Route path="/admin/users" component={admin(SCREENS.adminUsers)} />
          <Route path="/workflows" component={admin(SCREENS.workflows)} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppShell>
  );
}

export function App() {
  const { data: user, isLoading, isError } = useQuery(currentUserQuery);
  useEffect(() => {
    // Spec §8: a visitor on a protected screen is told and sent to sign in after 500 ms.
    if (!isLoading && (user === null || isError)) handleLoggedOut();
  }, [user, isLoading, isError]);

  if (isLoading || !user) {
    return (
      <div className="flex min-h-screen items-center justify-center" aria-busy="true">
        <Spinner className="size-8" label="Checking your session" />
      </div>
    );
  }
  return <SignedInApp user={user} />;
}

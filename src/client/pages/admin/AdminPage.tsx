import { useQuery } from "@tanstack/react-query";
import { Database, HeartPulse, TrendingUp, Users } from "lucide-react";
import type { AdminStats } from "../../../contracts/admin.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { MetricCard } from "../../../ui/metric-card/index.ts";
import { Progress } from "../../../ui/progress/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { PlatformStatusList, StatusRow } from "../../components/PlatformStatusList.tsx";
import { Section } from "../../components/Section.tsx";
import { StatTiles } from "../../components/StatTiles.tsx";
import { compactNumber, plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { adminStatsQuery } from "../../queries/admin.ts";
import { platformConnectionsQuery } from "../../queries/sources.ts";
import { UsersTable } from "../admin-users/UsersTable.tsx";
import { SettingsTab } from "./SettingsTab.tsx";

const MiB = 1024 * 1024;

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/**
 * System Health as the health workflow judges it: the database (answered within a second) and the
 * live sources (none whose last sync failed). It said "Healthy" from the database alone while every
 * live source failed (review r20-b #6); now it names what it measured.
 */
function systemHealth(system: AdminStats["system"]): { healthy: boolean; text: string } {
  const { failing, synced } = system.liveSources;
  const database =
    system.status === "ok"
      ? `Database healthy (${system.dbLatencyMs} ms)`
      : `Database slow (${system.dbLatencyMs} ms)`;
  const sources = failing.length
    ? `${plural(failing.length, "live source")} failing`
    : synced
      ? `${plural(synced, "live source")} syncing without error`
      : "no live source synced yet";
  return { healthy: system.status === "ok" && failing.length === 0, text: `${database} · ${sources}` };
}

/**
 * The header's badge: whether the app answers (its database), and, when it does while a live source
 * fails, that too, so "System Online" never stands beside a "Degraded" System Health card without
 * saying what each measured (review r25 #4).
 */
export function systemBadge(system: AdminStats["system"]): {
  text: string;
  variant: "success" | "warning";
} {
  if (system.status !== "ok") return { text: "System Degraded: database slow", variant: "warning" };
  const failing = system.liveSources.failing.length;
  return failing
    ? { text: `System Online · ${plural(failing, "live source")} failing`, variant: "warning" }
    : { text: "System Online", variant: "success" };
}

/** A labelled bar: how much of something is in use. */
function ResourceBar({
  label,
  value,
  max,
  text,
}: {
  label: string;
  value: number;
  max: number;
  text: string;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="text-muted-foreground">{text}</span>
      </div>
      <Progress value={Math.min(value, max)} max={Math.max(max, 1)} aria-label={label} />
    </div>
  );
}

function SystemOverview({ stats }: { stats: AdminStats }) {
  const sources = useQuery(platformConnectionsQuery);
  const { system } = stats;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Services" description="Measured when this page loaded.">
        <ul className="divide-y divide-border">
          <StatusRow
            name="Database"
            ok={system.status === "ok"}
            state={system.status === "ok" ? "Healthy" : "Slow"}
            detail={`Answered in ${system.dbLatencyMs} ms`}
          />
          <StatusRow
            name="Live sources"
            ok={system.liveSources.failing.length === 0}
            state={
              system.liveSources.failing.length
                ? `${system.liveSources.failing.length} failing`
                : system.liveSources.synced
                  ? "Healthy"
                  : "Not synced yet"
            }
            detail={
              system.liveSources.failing.length
                ? `Last sync failed: ${system.liveSources.failing.map((f) => (f.message ? `${f.source} (${f.message})` : f.source)).join(", ")}`
                : `${plural(system.liveSources.synced, "source")} synced, none failing`
            }
          />
          <StatusRow
            name="API"
            ok
            state="Online"
            detail={`Version ${system.version}, up ${formatUptime(system.uptimeSeconds)}`}
          />
          <StatusRow
            name="Authentication"
            ok
            state="Online"
            detail={plural(stats.activeSessions, "active session")}
          />
          <StatusRow
            name="Realtime"
            ok
            state="Online"
            detail={`${plural(system.connections, "open socket")} from ${plural(system.activeUsers, "user")}`}
          />
        </ul>
      </Section>
      <Section title="Resources" description="This server and the machine it runs on.">
        <div className="grid gap-5">
          <ResourceBar
            label="Memory used by the server"
            value={system.rssBytes}
            max={system.totalMemoryBytes}
            text={`${(system.rssBytes / MiB).toFixed(0)} MiB of ${(system.totalMemoryBytes / MiB / 1024).toFixed(1)} GiB`}
          />
          <ResourceBar
            label="Processor load, last minute"
            value={system.loadAverage1m}
            max={system.cpuCount}
            text={`${system.loadAverage1m.toFixed(2)} on ${plural(system.cpuCount, "core")}`}
          />
          <div className="flex justify-between text-sm">
            <span>JavaScript heap in use</span>
            <span className="text-muted-foreground">{(system.heapUsedBytes / MiB).toFixed(0)} MiB</span>
          </div>
          <div className="flex justify-between text-sm">
            <span>Games in the catalog</span>
            <span className="text-muted-foreground">{stats.totalGames.toLocaleString("en")}</span>
          </div>
        </div>
      </Section>
      <div className="lg:col-span-2">
        <Section title="Data sources" description="Each outside service, its connection and its last sync.">
          {sources.isLoading ? (
            <Skeleton className="h-40 w-full" />
          ) : sources.isError ? (
            <LoadFailed what="the data sources" error={sources.error} onRetry={() => sources.refetch()} />
          ) : (
            <PlatformStatusList platforms={sources.data ?? []} operator />
          )}
        </Section>
      </div>
    </div>
  );
}

function UsageAnalytics({ stats }: { stats: AdminStats }) {
  const roles = [
    { label: "Regular (Starter)", value: stats.usersByRole.regular },
    { label: "Premium (Professional)", value: stats.usersByRole.premium },
    { label: "Admin (Enterprise)", value: stats.usersByRole.admin },
  ];
  const figures = [
    ["New users, last 7 days", stats.newUsersLast7Days],
    ["New users, last 30 days", stats.newUsersLast30Days],
    ["Games on watchlists", stats.watchlistEntries],
    ["Reports generated", stats.reportsGenerated],
  ] as const;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Users by plan">
        <div className="grid gap-4">
          {roles.map((role) => (
            <ResourceBar
              key={role.label}
              label={role.label}
              value={role.value}
              max={stats.totalUsers}
              text={String(role.value)}
            />
          ))}
        </div>
      </Section>
      <Section title="Activity">
        <StatTiles tiles={figures.map(([label, value]) => [label, value.toLocaleString("en")] as const)} />
      </Section>
    </div>
  );
}

/** Spec §2 "Admin Dashboard", every figure counted or measured. Reached only through the admin guard. */
export default function AdminPage() {
  const stats = useQuery(adminStatsQuery);
  const data = stats.data;
  const badge = data ? systemBadge(data.system) : null;
  const health = data ? systemHealth(data.system) : null;
  return (
    <div>
      <PageHeader
        title="Admin Dashboard"
        description="Users, catalog and system health."
        actions={
          <>
            <Badge variant="destructive">ADMIN</Badge>
            {badge && <Badge variant={badge.variant}>{badge.text}</Badge>}
          </>
        }
      />
      {stats.isError ? (
        <LoadFailed what="the system figures" error={stats.error} onRetry={() => stats.refetch()} />
      ) : (
        <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <MetricCard
            title="Total Users"
            icon={Users}
            loading={!data}
            value={data ? compactNumber(data.totalUsers) : null}
            hint={data ? `${data.newUsersLast7Days} new in the last 7 days` : null}
          />
          <MetricCard
            title="Games in Database"
            icon={Database}
            loading={!data}
            value={data ? compactNumber(data.totalGames) : null}
            hint="in the catalog, all sources"
          />
          <MetricCard
            title="Trending Games"
            icon={TrendingUp}
            loading={!data}
            value={data ? compactNumber(data.trendingGames) : null}
            hint="growing against their previous period"
          />
          <MetricCard
            title="System Health"
            icon={HeartPulse}
            loading={!data}
            value={health ? (health.healthy ? "Healthy" : "Degraded") : null}
            hint={data && health ? `${health.text} · up ${formatUptime(data.system.uptimeSeconds)}` : null}
          />
        </div>
      )}
      <Tabs defaultValue="users">
        {/* Wrapped onto a second row on a narrow screen rather than cut after "Analyt…" (review r20-b #9). */}
        <TabsList className="h-auto flex-wrap [&>button]:h-8">
          <TabsTrigger value="users">User Management</TabsTrigger>
          <TabsTrigger value="system">System Overview</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTable />
        </TabsContent>
        <TabsContent value="system">
          {data ? <SystemOverview stats={data} /> : <Skeleton className="h-64 w-full" />}
        </TabsContent>
        <TabsContent value="analytics">
          {data ? <UsageAnalytics stats={data} /> : <Skeleton className="h-64 w-full" />}
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

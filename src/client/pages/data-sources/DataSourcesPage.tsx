import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { Link } from "wouter";
import type { DemoRemovalAnswer, LiveBootstrapState } from "../../../contracts/data-sources.ts";
import { isAdmin } from "../../../contracts/roles.ts";
import { Alert, AlertDescription } from "../../../ui/alert/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { describeAsOf } from "../../../ui/source-note/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../ui/table/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { apiRequest, errorMessage } from "../../api.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { countWithUnit, plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { currentUserQuery } from "../../queries/auth.ts";
import { dataSourcesQuery } from "../../queries/catalog.ts";
import { newestDataText, syncFailureText } from "./newest-data.ts";

/**
 * Data sources (issue 9): every source the product shows data from, its licence, what it provides
 * and the time of its newest data. Admins may remove demo data here (the server audit-logs it).
 */
export default function DataSourcesPage() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const sources = useQuery(dataSourcesQuery);
  const operator = !!user && isAdmin(user);
  // The first start's live bootstrap: operators only (the server refuses anyone else).
  const bootstrap = useQuery({
    queryKey: ["/api/data-sources/bootstrap"],
    queryFn: () => apiRequest<LiveBootstrapState>("GET", "/api/data-sources/bootstrap"),
    enabled: operator,
    refetchInterval: (q) => (q.state.data?.status === "running" ? 10_000 : false),
  });
  const removeDemo = useMutation({
    mutationFn: () => apiRequest<DemoRemovalAnswer>("DELETE", "/api/data-sources/demo"),
    onSuccess: (removed) => {
      void queryClient.invalidateQueries();
      toast({
        title: "Demo data removed",
        description: `${removed.games} demo games and their series are gone.`,
      });
    },
    onError: (error) =>
      toast({
        title: "Error",
        description: errorMessage(error, "Could not remove the demo data."),
        variant: "destructive",
      }),
  });
  const demoGames = sources.data?.demo.games ?? 0;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Data sources"
        description="Where every figure in the app comes from, under which licence, and how recent it is."
      />
      {demoGames > 0 && (
        <Alert>
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>
              The catalog holds {demoGames.toLocaleString("en-US")} generated demo games: every screen that
              shows one says "demo". They go as soon as real data is imported or synced.
            </span>
            {user && isAdmin(user) && (
              <Button
                size="sm"
                variant="destructive"
                loading={removeDemo.isPending}
                onClick={() => removeDemo.mutate()}
              >
                Remove demo data
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}
      {operator && bootstrap.data && bootstrap.data.status !== "not_started" && (
        <Card data-testid="live-bootstrap">
          <CardHeader>
            <CardTitle>Live bootstrap</CardTitle>
            <CardDescription>
              First start: SteamSpy's top 100, Steam's current players, then SteamSpy's full list at one page
              a minute. Runs are on the{" "}
              <Link href="/workflows" className="underline">
                Workflows
              </Link>{" "}
              screen.
            </CardDescription>
          </CardHeader>
          <CardContent className="text-sm">
            {bootstrap.data.status === "running" && (
              <p>
                Running{bootstrap.data.step ? `: ${bootstrap.data.step}` : ""} — {bootstrap.data.pagesDone} of{" "}
                {plural(bootstrap.data.pagesTotal, "page")}, {plural(bootstrap.data.records, "game")} stored.
              </p>
            )}
            {bootstrap.data.status === "done" && (
              <p>
                Done {describeAsOf(bootstrap.data.finishedAt)}: {plural(bootstrap.data.records, "game")} from
                SteamSpy, {plural(bootstrap.data.pagesDone, "page")}.
              </p>
            )}
            {bootstrap.data.status === "failed" && (
              <p className="text-destructive">
                Did not complete ({bootstrap.data.message}). Customers keep seeing the snapshot; the scheduled
                syncs retry every 15 minutes.
              </p>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Sources</CardTitle>
          <CardDescription>
            Newest data is the time of the data itself, not of the last visit.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {sources.isError ? (
            <LoadFailed what="the data sources" error={sources.error} onRetry={() => sources.refetch()} />
          ) : sources.isLoading ? (
            <Skeleton className="h-48" />
          ) : (
            // What the page is for first (review 20 C, item 5): each source, its newest data and what
            // is stored; what it provides and its licence after, wrapped, so all five fit at 1280 px.
            <Table
              aria-label="Data sources"
              scrollHint="Scroll the table sideways to see what each source provides and its licence."
            >
              <TableHeader>
                <TableRow>
                  <TableHead>Source</TableHead>
                  <TableHead>Newest data</TableHead>
                  <TableHead>Stored</TableHead>
                  <TableHead>Provides</TableHead>
                  <TableHead>Licence</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(sources.data?.sources ?? []).map((s) => (
                  <TableRow key={s.id} data-testid={`source-${s.id}`}>
                    <TableCell className="min-w-40 whitespace-normal align-top">
                      <a
                        href={s.url}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 font-medium hover:underline"
                      >
                        {s.name} <ExternalLink className="size-3" aria-hidden="true" />
                      </a>
                      <p className="text-muted-foreground text-xs">{s.publisher}</p>
                    </TableCell>
                    <TableCell className="min-w-44 whitespace-normal align-top">
                      {newestDataText(s)}
                      {s.lastSync && (
                        <p className="text-muted-foreground text-xs">
                          {s.lastFailure ? "last successful sync" : "synced"} {describeAsOf(s.lastSync)}
                        </p>
                      )}
                      {s.lastFailure && (
                        <p className="text-destructive text-xs" data-testid="sync-failure">
                          {syncFailureText(s)}
                        </p>
                      )}
                    </TableCell>
                    <TableCell className="min-w-28 whitespace-normal align-top">
                      {countWithUnit(s.records, s.unit)}
                    </TableCell>
                    <TableCell className="min-w-56 whitespace-normal align-top text-sm">
                      {s.provides}
                    </TableCell>
                    <TableCell className="min-w-40 whitespace-normal align-top text-xs">
                      {s.licence}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <ExportCsvButton
            className="mt-3"
            fileName="data-sources"
            aria-label="Export CSV of Data sources"
            disabled={!sources.data?.sources.length}
            data={() => ({
              header: [
                "source",
                "publisher",
                "licence",
                "url",
                "provides",
                "newest data (ISO 8601)",
                "last sync (ISO 8601)",
                "stored (records)",
                "record unit",
                "last failed sync (ISO 8601)",
                "last sync error",
              ],
              rows: (sources.data?.sources ?? []).map((s) => [
                s.name,
                s.publisher,
                s.licence,
                s.url,
                s.provides,
                s.asOf,
                s.lastSync,
                s.records,
                s.unit,
                s.lastFailure?.at ?? null,
                s.lastFailure?.message ?? null,
              ]),
            })}
          />
        </CardContent>
      </Card>
    </div>
  );
}

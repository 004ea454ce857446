import { useQuery } from "@tanstack/react-query";
import { Download, ExternalLink, FolderGit2, Search, Star } from "lucide-react";
import { useState } from "react";
import type { PlatformConnection } from "../../../contracts/sources.ts";
import { Avatar } from "../../../ui/avatar/index.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card } from "../../../ui/card/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../ui/table/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { apiGet } from "../../api.ts";
import { AdminHint } from "../../components/ProductState.tsx";
import { SearchField } from "../../components/SearchField.tsx";
import { formatDate } from "../../format/dates.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import {
  type CommunityDataset,
  type DatasetContent,
  githubDatasetsQuery,
  githubTrendingQuery,
  platformConnectionsQuery,
} from "../../queries/sources.ts";

const LANGUAGE_COLOURS: Record<string, string> = {
  Python: "#3572A5",
  "Jupyter Notebook": "#DA5B0B",
  JavaScript: "#f1e05a",
  TypeScript: "#3178c6",
  R: "#198CE7",
  Java: "#b07219",
  "C#": "#178600",
  Go: "#00ADD8",
  Ruby: "#701516",
};

/** Spec §5: client-side, case-insensitive over name, description and topics. */
export function matches(d: CommunityDataset, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  if (!f) return true;
  return [d.name, d.description ?? "", ...d.topics].some((text) => text.toLowerCase().includes(f));
}

/**
 * The empty lists' words: whether the last GitHub sync failed, and how often datasets are collected as
 * this server's schedule stands, never "twice a day" while no schedule runs (review r33-c #6).
 */
export function githubCollectionText(github: PlatformConnection | undefined): string {
  const first =
    github?.status === "error"
      ? "The last GitHub sync failed; no game dataset has been collected yet."
      : "No game dataset has been collected from public GitHub repositories yet.";
  if (!github) return first;
  return `${first} ${github.schedule ? `Datasets are collected ${github.schedule}.` : "No collection is scheduled on this server."}`;
}

/** Under stored lists after a failed GitHub sync: they are still shown, from the last sync that worked (issue 5). */
export function githubFailedNote(github: PlatformConnection | undefined): string | null {
  if (github?.status !== "error") return null;
  return `The last GitHub sync failed; the datasets shown are those collected ${
    github.lastSuccess ? `on ${formatDate(github.lastSuccess)}` : "before"
  }.`;
}

/** A dataset's cell as the table shows it: numbers kept as numbers, anything else as text. */
function cell(value: unknown): string | number | null {
  if (value == null) return null;
  return typeof value === "number" ? value : String(value);
}

/** The dataset cards as CSV: each card's figures, units in the header. */
function datasetsCsv(list: CommunityDataset[]) {
  return {
    header: [
      "repository",
      "owner",
      "description",
      "topics",
      "stars (stars)",
      "last updated (ISO 8601)",
      "size (KB)",
      "language",
      "url",
    ],
    rows: list.map((d) => [
      d.fullName,
      d.owner.login,
      d.description,
      d.topics,
      d.stars,
      d.lastUpdated,
      d.size,
      d.language,
      d.htmlUrl,
    ]),
  };
}

function DatasetCard({ d, onChoose }: { d: CommunityDataset; onChoose: (d: CommunityDataset) => void }) {
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="dataset-card">
      <div className="flex items-center gap-2">
        <Avatar src={d.owner.avatarUrl} name={d.owner.login} className="size-7" />
        <span className="text-muted-foreground text-sm">{d.owner.login}</span>
      </div>
      <button
        type="button"
        className="cursor-pointer text-left font-semibold hover:underline"
        onClick={() => onChoose(d)}
      >
        {d.name}
      </button>
      <p className="line-clamp-2 text-muted-foreground text-sm">{d.description ?? "No description"}</p>
      <div className="flex flex-wrap gap-1">
        {d.topics.slice(0, 3).map((t) => (
          <Badge key={t} variant="secondary">
            {t}
          </Badge>
        ))}
        {d.topics.length > 3 && <Badge variant="outline">+{d.topics.length - 3}</Badge>}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
        <span className="flex items-center gap-1">
          <Star className="size-3" aria-hidden="true" />
          {d.stars.toLocaleString("en")}
        </span>
        <span>Updated {formatDate(d.lastUpdated, { utc: true })}</span>
        <span>{(d.size / 1024).toFixed(1)} MB</span>
        {d.language && (
          <span className="flex items-center gap-1">
            <span
              className="size-2 rounded-full"
              style={{ background: LANGUAGE_COLOURS[d.language] ?? "#888" }}
              aria-hidden="true"
            />
            {d.language}
          </span>
        )}
      </p>
      <div className="mt-auto flex gap-2">
        <Button size="sm" variant="outline" asChild>
          <a href={d.htmlUrl} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" /> Repository
          </a>
        </Button>
        <Button size="sm" variant="outline" asChild>
          <a href={d.downloadUrl} target="_blank" rel="noreferrer">
            <Download aria-hidden="true" /> Download
          </a>
        </Button>
      </div>
    </Card>
  );
}

export default function CommunityDatasetsPage() {
  const [filter, setFilter] = useState("");
  const [tab, setTab] = useState("datasets");
  const [chosen, setChosen] = useState<CommunityDataset | null>(null);
  const datasets = useQuery(githubDatasetsQuery);
  const connections = useQuery(platformConnectionsQuery);
  const trending = useQuery(githubTrendingQuery);
  const [owner, repo] = chosen ? chosen.fullName.split("/") : [];
  const content = useQuery({
    queryKey: ["/api/github-gaming/dataset", owner, repo],
    enabled: !!chosen,
    queryFn: () =>
      apiGet<DatasetContent>(
        `/api/github-gaming/dataset/${encodeURIComponent(owner!)}/${encodeURIComponent(repo!)}`,
      ),
  });
  const choose = (d: CommunityDataset) => {
    setChosen(d);
    setTab("content");
  };
  const shownDatasets = (datasets.data ?? []).filter((d) => matches(d, filter));
  const shownTrending = (trending.data ?? []).filter((d) => matches(d, filter));

  // The lists are GitHub's, as of the last successful GitHub sync.
  const github = connections.data?.find((c) => c.id === "github");
  const githubSync = github?.lastSuccess ?? null;
  const failedNote = githubFailedNote(github);
  const grid = (list: CommunityDataset[], loading: boolean, total: number, title: string) =>
    loading ? (
      <Skeleton className="h-64" />
    ) : total === 0 ? (
      <EmptyState
        icon={FolderGit2}
        title="No datasets available"
        description={
          <>
            {githubCollectionText(github)}
            <AdminHint>run Historical Data Integration, which syncs GitHub</AdminHint>
          </>
        }
      />
    ) : list.length === 0 ? (
      <EmptyState icon={Search} title={`No datasets found matching "${filter.trim()}"`} />
    ) : (
      <>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {list.map((d) => (
            <DatasetCard key={d.fullName} d={d} onChoose={choose} />
          ))}
        </div>
        {failedNote && <p className="mt-3 text-muted-foreground text-sm">{failedNote}</p>}
        <SourceNote provenance={{ source: "GitHub", asOf: githubSync }} className="mt-3" />
        <ExportCsvButton
          className="mt-2"
          fileName={`community-datasets-${title}`}
          aria-label={`Export CSV of ${title === "trending" ? "Trending" : "Gaming Datasets"}`}
          data={() => datasetsCsv(list)}
        />
      </>
    );

  return (
    <div className="grid gap-4">
      <PageHeader
        title="Community Datasets"
        description="Game datasets published in public GitHub repositories."
      />
      <SearchField
        className="max-w-xl"
        type="text"
        label="Filter datasets"
        placeholder="Filter by name, description or topic..."
        value={filter}
        onChange={setFilter}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="datasets">Gaming Datasets ({shownDatasets.length})</TabsTrigger>
          <TabsTrigger value="trending">Trending ({shownTrending.length})</TabsTrigger>
          {chosen && <TabsTrigger value="content">Dataset Content</TabsTrigger>}
        </TabsList>
        <TabsContent value="datasets">
          {grid(shownDatasets, datasets.isLoading, datasets.data?.length ?? 0, "datasets")}
        </TabsContent>
        <TabsContent value="trending">
          {grid(shownTrending, trending.isLoading, trending.data?.length ?? 0, "trending")}
        </TabsContent>
        {chosen && (
          <TabsContent value="content">
            {content.isLoading ? (
              <Skeleton className="h-64" />
            ) : content.isError || !content.data ? (
              <EmptyState icon={FolderGit2} title="No accessible dataset content found" />
            ) : (
              <Card className="p-5">
                <p className="font-semibold">
                  {chosen.fullName} — {content.data.file}
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
                  <div>
                    <dt className="text-muted-foreground">Total entries</dt>
                    <dd>{content.data.metadata.totalEntries.toLocaleString("en")}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Format</dt>
                    <dd>{content.data.metadata.format.toUpperCase()}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Data type</dt>
                    <dd>{content.data.dataType}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Last updated</dt>
                    <dd>
                      {content.data.metadata.lastUpdated
                        ? formatDate(content.data.metadata.lastUpdated, { utc: true })
                        : "—"}
                    </dd>
                  </div>
                </dl>
                <Table className="mt-4">
                  <TableHeader>
                    <TableRow>
                      {Object.keys(content.data.games[0] ?? {})
                        .slice(0, 6)
                        .map((k) => (
                          <TableHead key={k}>{k}</TableHead>
                        ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {content.data.games.slice(0, 10).map((row, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no id
                      <TableRow key={i}>
                        {Object.keys(content.data!.games[0] ?? {})
                          .slice(0, 6)
                          .map((k) => (
                            <TableCell key={k} className="max-w-48 truncate">
                              {String(row[k] ?? "")}
                            </TableCell>
                          ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <SourceNote
                  provenance={{
                    source: `GitHub: ${chosen.fullName}/${content.data.file}`,
                    asOf: content.data.metadata.lastUpdated,
                  }}
                  className="mt-3"
                />
                <ExportCsvButton
                  className="mt-2"
                  fileName={`${chosen.fullName}-sample`}
                  aria-label="Export CSV of Dataset Content"
                  data={() => {
                    // The rows and columns the table shows; the dataset's own column names (it states no units).
                    const columns = Object.keys(content.data?.games[0] ?? {}).slice(0, 6);
                    return {
                      header: columns,
                      rows: (content.data?.games ?? [])
                        .slice(0, 10)
                        .map((row) => columns.map((k) => cell(row[k]))),
                    };
                  }}
                />
              </Card>
            )}
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

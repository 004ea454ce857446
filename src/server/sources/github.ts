import { z } from "zod";
import type { CommunityDataset, DatasetContent } from "../../contracts/sources.ts";
import { limiterFor, request, requestJson, SourceError, validEach } from "./http.ts";

/** GitHub repository search for game datasets, and a chosen repository's CSV/JSON data file (issue 5). */
export interface GithubConfig {
  token?: string | undefined;
  apiBase?: string;
}

const RepoSchema = z.object({
  name: z.string(),
  full_name: z.string(),
  description: z.string().nullable().optional(),
  topics: z.array(z.string()).optional(),
  owner: z.object({ login: z.string(), avatar_url: z.string().optional() }),
  stargazers_count: z.number(),
  updated_at: z.string(),
  pushed_at: z.string().optional(),
  size: z.number(),
  language: z.string().nullable().optional(),
  html_url: z.string(),
  default_branch: z.string().optional(),
});

export const DATASET_QUERY = "topic:dataset games in:name,description,topics";
export const TRENDING_QUERY = "video game dataset in:name,description";

export class GithubClient {
  readonly limiter = limiterFor("github");
  constructor(private readonly config: GithubConfig = {}) {}

  private headers(): Record<string, string> {
    return {
      Accept: "application/vnd.github+json",
      "User-Agent": "gaming-intelligence",
      ...(this.config.token ? { Authorization: `Bearer ${this.config.token}` } : {}),
    };
  }

  private get base() {
    return this.config.apiBase ?? "https://api.github.com";
  }

  async searchRepositories(
    q: string,
    sort: "stars" | "updated" = "stars",
    perPage = 30,
  ): Promise<CommunityDataset[]> {
    const url = `${this.base}/search/repositories?${new URLSearchParams({ q, sort, order: "desc", per_page: String(perPage) })}`;
    const body = (await requestJson(
      url,
      { headers: this.headers() },
      { service: "github", limiter: this.limiter },
    )) as { items?: unknown };
    return validEach("github", body.items, (item) => {
      const r = RepoSchema.safeParse(item);
      if (!r.success) return null;
      const d = r.data;
      return {
        fullName: d.full_name,
        name: d.name,
        description: d.description ?? null,
        topics: d.topics ?? [],
        owner: { login: d.owner.login, avatarUrl: d.owner.avatar_url ?? null },
        stars: d.stargazers_count,
        lastUpdated: d.pushed_at ?? d.updated_at,
        size: d.size,
        language: d.language ?? null,
        htmlUrl: d.html_url,
        downloadUrl: `${d.html_url}/archive/refs/heads/${d.default_branch ?? "main"}.zip`,
      };
    });
  }

  /** The first CSV or JSON file at the top of the repository (or under data/): its first entries. */
  async datasetContent(owner: string, repo: string): Promise<DatasetContent> {
    const list = async (path: string) => {
      const url = `${this.base}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/contents/${path}`;
      const res = await request(
        url,
        { headers: this.headers() },
        { service: "github", limiter: this.limiter },
      );
      if (res.status === 404) return [];
      if (!res.ok) throw new SourceError("github", `answered ${res.status}`, res.status);
      const body = await res.json();
      return Array.isArray(body)
        ? (body as Array<{
            name: string;
            type: string;
            path: string;
            download_url: string | null;
            size: number;
          }>)
        : [];
    };
    const top = await list("");
    const files = [
      ...top,
      ...(top.some((f) => f.name === "data" && f.type === "dir") ? await list("data") : []),
    ];
    const file = files.find(
      (f) => f.type === "file" && /\.(csv|json)$/i.test(f.name) && f.download_url && f.size < 20_000_000,
    );
    if (!file?.download_url)
      throw new SourceError("github", "no CSV or JSON data file in this repository", 404);
    const res = await request(
      file.download_url,
      { headers: { "User-Agent": "gaming-intelligence" } },
      { service: "github", limiter: this.limiter },
    );
    if (!res.ok) throw new SourceError("github", `answered ${res.status}`, res.status);
    const text = await res.text();
    return parseDatasetFile(file.name, text, res.headers.get("last-modified"));
  }
}

/** Parses a data file into its entries (spec §3 "Dataset content"), keeping the first 10. */
export function parseDatasetFile(name: string, text: string, lastModified: string | null): DatasetContent {
  const lastUpdated = lastModified ? new Date(lastModified).toISOString() : null;
  if (/\.json$/i.test(name)) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new SourceError("github", `${name} is not valid JSON`);
    }
    const list = Array.isArray(data)
      ? data
      : ((Object.values(data as Record<string, unknown>).find((v) => Array.isArray(v)) as
          | unknown[]
          | undefined) ?? [data]);
    return {
      file: name,
      metadata: { totalEntries: list.length, format: "json", lastUpdated },
      dataType: Array.isArray(data) ? "array of records" : "object",
      games: list
        .slice(0, 10)
        .map((e) => (typeof e === "object" && e ? (e as Record<string, unknown>) : { value: e })),
    };
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const header = splitCsvLine(lines[0] ?? "");
  const rows = lines.slice(1);
  return {
    file: name,
    metadata: { totalEntries: rows.length, format: "csv", lastUpdated },
    dataType: `table of ${header.length} columns`,
    games: rows.slice(0, 10).map((line) => {
      const cells = splitCsvLine(line);
      return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]));
    }),
  };
}

function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((c) => c.trim());
}

export type { CommunityDataset, DatasetContent };

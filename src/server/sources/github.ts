import { parse as parseCsv } from "csv-parse/sync";
import { z } from "zod";
import type { CommunityDataset, DatasetContent } from "../../contracts/sources.ts";
import {
  type BaseOverrides,
  baseUrl,
  limiterFor,
  type RateLimiter,
  readText,
  request,
  SourceError,
  validEach,
} from "./http.ts";

/** GitHub repository search for game datasets, and a chosen repository's CSV/JSON data file (issue 5). */
export interface GithubConfig {
  token?: string | undefined;
  bases?: BaseOverrides;
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
  /** Search has its own, lower limit: 30 a minute with a token, 10 without. */
  readonly searchLimiter: RateLimiter;
  constructor(private readonly config: GithubConfig = {}) {
    this.searchLimiter = limiterFor(config.token ? "github-search" : "github-search-anonymous");
  }

  private headers(): Record<string, string> {
    return {
      Accept: "application/vnd.github+json",
      ...(this.config.token ? { Authorization: `Bearer ${this.config.token}` } : {}),
    };
  }

  private get base() {
    return baseUrl("github", this.config.bases);
  }

  async searchRepositories(
    q: string,
    sort: "stars" | "updated" = "stars",
    perPage = 30,
  ): Promise<CommunityDataset[]> {
    const url = `${this.base}/search/repositories?${new URLSearchParams({ q, sort, order: "desc", per_page: String(perPage) })}`;
    const res = await this.get(url, this.searchLimiter);
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new SourceError("github", `search answered ${res.status}`, res.status);
    }
    const body = jsonOrNull(await readText(res, "github", "for the search")) as { items?: unknown } | null;
    if (body === null) throw new SourceError("github", "search answered with malformed JSON");
    return validEach("github", body.items, RepoSchema, (d) => ({
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
    }));
  }

  private async get(url: string, limiter = this.limiter): Promise<Response> {
    const res = await request(url, { headers: this.headers() }, { service: "github", limiter });
    // GitHub says "rate limit used up" with a 403 (or 429) and x-ratelimit-remaining: 0.
    if ((res.status === 403 || res.status === 429) && res.headers.get("x-ratelimit-remaining") === "0") {
      await res.body?.cancel().catch(() => {});
      const reset = Number(res.headers.get("x-ratelimit-reset"));
      const until =
        Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString()}` : "";
      throw new SourceError("github", `rate limit used up${until}`, 429);
    }
    return res;
  }

  /**
   * A repository's data file: the first CSV (else JSON) file at its top level or in a data folder,
   * with its total entries and first 10 (spec §2 "Dataset content"). Manifests such as package.json
   * are not data.
   */
  async datasetContent(owner: string, repo: string): Promise<DatasetContent> {
    const repoPath = `${this.base}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
    const repoRes = await this.get(repoPath);
    if (!repoRes.ok) {
      await repoRes.body?.cancel().catch(() => {});
      if (repoRes.status === 404) throw new SourceError("github", `no repository ${owner}/${repo}`, 404);
      throw new SourceError("github", `answered ${repoRes.status}`, repoRes.status);
    }
    const info = RepoInfo.safeParse(jsonOrNull(await readText(repoRes, "github", "for the repository")));
    if (!info.success) throw new SourceError("github", "the repository answer was not understood");

    const list = async (path: string) => {
      const res = await this.get(`${repoPath}/contents/${path.split("/").map(encodeURIComponent).join("/")}`);
      if (res.status === 404) {
        await res.body?.cancel().catch(() => {});
        return [];
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new SourceError("github", `answered ${res.status}`, res.status);
      }
      const parsed = ContentList.safeParse(jsonOrNull(await readText(res, "github", "for its file list")));
      return parsed.success ? parsed.data : [];
    };
    const top = await list("");
    const dataDir = top.find((f) => f.type === "dir" && DATA_DIRS.test(f.name));
    const files = [...(dataDir ? await list(dataDir.path) : []), ...top].filter(
      (f) =>
        f.type === "file" &&
        f.download_url &&
        f.size > 0 &&
        f.size <= MAX_FILE_BYTES &&
        /\.(csv|json)$/i.test(f.name) &&
        !NOT_DATA.test(f.name),
    );
    const file = files.find((f) => /\.csv$/i.test(f.name)) ?? files[0];
    if (!file?.download_url)
      throw new SourceError("github", "no CSV or JSON data file in this repository", 404);
    const res = await request(file.download_url, {}, { service: "github", limiter: this.limiter });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new SourceError("github", `answered ${res.status} for ${file.path}`, res.status);
    }
    return parseDatasetFile(
      file.path,
      await readText(res, "github", `for ${file.path}`),
      info.data.pushed_at ?? info.data.updated_at,
    );
  }
}

/** The JSON in a body, or null when it is not JSON. */
function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const RepoInfo = z.object({ updated_at: z.string(), pushed_at: z.string().nullable().optional() });
const ContentList = z.array(
  z.object({
    name: z.string(),
    path: z.string(),
    type: z.string(),
    size: z.number(),
    download_url: z.string().nullable(),
  }),
);
const DATA_DIRS = /^(data|datasets?|csv|json)$/i;
/** Manifests and settings that are JSON but not data. */
const NOT_DATA =
  /^(\.|package(-lock)?\.json$|tsconfig.*\.json$|composer\.json$|bower\.json$|renovate\.json$|manifest\.json$|app\.json$|vercel\.json$|lerna\.json$)/i;
const MAX_FILE_BYTES = 20_000_000;

/**
 * Parses a data file into its entries (spec §3 "Dataset content"): the total, and the first 10.
 * CSV goes through csv-parse, so quoted commas and line breaks inside a field are one cell.
 */
export function parseDatasetFile(path: string, text: string, lastUpdated: string | null): DatasetContent {
  if (/\.json$/i.test(path)) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new SourceError("github", `${path} is not valid JSON`);
    }
    // A JSON file is a list of records, or an object holding one (`{"games": [...]}`).
    const list = Array.isArray(data)
      ? data
      : ((data && typeof data === "object"
          ? (Object.values(data).find((v) => Array.isArray(v)) as unknown[] | undefined)
          : undefined) ?? [data]);
    return {
      file: path,
      metadata: { totalEntries: list.length, format: "json", lastUpdated },
      dataType: Array.isArray(data) ? "array of records" : "object with a list of records",
      games: list
        .slice(0, 10)
        .map((e) =>
          e && typeof e === "object" && !Array.isArray(e) ? (e as Record<string, unknown>) : { value: e },
        ),
    };
  }
  let rows: string[][];
  try {
    rows = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch {
    throw new SourceError("github", `${path} is not readable CSV`);
  }
  const [header = [], ...records] = rows;
  return {
    file: path,
    metadata: { totalEntries: records.length, format: "csv", lastUpdated },
    dataType: `table of ${header.length} columns`,
    games: records.slice(0, 10).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]))),
  };
}

const CONTENT_TTL_MS = 5 * 60_000;
const CONTENT_CACHE_SIZE = 200;
const contentCache = new Map<string, { at: number; value: Promise<DatasetContent> }>();

/**
 * A repository's data file through the adapter, kept 5 minutes (spec §9) so choosing the same card
 * again costs GitHub nothing. Concurrent requests for one repository share one fetch; a failure is
 * not kept. The oldest entry goes when the cache is full.
 */
export function cachedDatasetContent(
  owner: string,
  repo: string,
  client: GithubClient,
  now = Date.now(),
): Promise<DatasetContent> {
  const key = `${owner}/${repo}`.toLowerCase();
  const hit = contentCache.get(key);
  if (hit && now - hit.at < CONTENT_TTL_MS) return hit.value;
  const value = client.datasetContent(owner, repo);
  contentCache.delete(key);
  contentCache.set(key, { at: now, value });
  if (contentCache.size > CONTENT_CACHE_SIZE) contentCache.delete(contentCache.keys().next().value!);
  value.catch(() => {
    if (contentCache.get(key)?.value === value) contentCache.delete(key);
  });
  return value;
}

export function clearDatasetContentCache(): void {
  contentCache.clear();
}

export type { CommunityDataset, DatasetContent };

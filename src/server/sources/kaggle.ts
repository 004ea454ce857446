import { z } from "zod";
import type { KaggleDataset } from "../../contracts/sources.ts";
import { type BaseOverrides, baseUrl, limiterFor, requestJson, SourceError, validEach } from "./http.ts";

/** Kaggle's public datasets list, searched for video-game data (`KAGGLE_USERNAME`, `KAGGLE_KEY`). */
export interface KaggleConfig {
  username: string;
  key: string;
  bases?: BaseOverrides;
}

const DatasetSchema = z.object({
  ref: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  title: z.string().min(1),
  downloadCount: z.number().optional(),
  usabilityRating: z.number().optional(),
  totalBytes: z.number().optional(),
  voteCount: z.number().optional(),
  lastUpdated: z.string().optional(),
});

export class KaggleClient {
  readonly limiter = limiterFor("kaggle");
  constructor(private readonly config: KaggleConfig) {}

  /** `pages` pages of the list (20 datasets each), most popular first. */
  async datasets(search = "video games", pages = 1): Promise<KaggleDataset[]> {
    const out: KaggleDataset[] = [];
    const auth = `Basic ${btoa(`${this.config.username}:${this.config.key}`)}`;
    for (let page = 1; page <= pages; page++) {
      const url = `${baseUrl("kaggle", this.config.bases)}/datasets/list?${new URLSearchParams({ search, page: String(page), sortBy: "hottest" })}`;
      let body: unknown;
      try {
        body = await requestJson(
          url,
          { headers: { Authorization: auth } },
          { service: "kaggle", limiter: this.limiter },
        );
      } catch (error) {
        if (error instanceof SourceError && error.status === 401)
          throw new SourceError("kaggle", "Kaggle refused KAGGLE_USERNAME and KAGGLE_KEY", 401);
        throw error;
      }
      const batch = validEach("kaggle", body, DatasetSchema, (d) => ({
        ref: d.ref,
        title: d.title,
        downloadCount: d.downloadCount ?? 0,
        usabilityRating: d.usabilityRating ?? 0,
        size: d.totalBytes ?? 0,
        voteCount: d.voteCount ?? 0,
        lastUpdated: d.lastUpdated ?? null,
      }));
      out.push(...batch);
      // An empty page is the end of the list.
      if (Array.isArray(body) && body.length === 0) break;
    }
    return out;
  }
}

import { z } from "zod";
import type { KaggleDataset } from "../../contracts/sources.ts";
import { limiterFor, requestJson, validEach } from "./http.ts";

/** Kaggle's datasets list for video-game data (`KAGGLE_USERNAME`, `KAGGLE_KEY`). */
export interface KaggleConfig {
  username: string;
  key: string;
  apiBase?: string;
}

const DatasetSchema = z.object({
  ref: z.string(),
  title: z.string(),
  downloadCount: z.number().optional(),
  usabilityRating: z.number().optional(),
  totalBytes: z.number().optional(),
  voteCount: z.number().optional(),
  lastUpdated: z.string().optional(),
});

export class KaggleClient {
  readonly limiter = limiterFor("kaggle");
  constructor(private readonly config: KaggleConfig) {}

  async datasets(search = "video games", pages = 1): Promise<KaggleDataset[]> {
    const out: KaggleDataset[] = [];
    const auth = `Basic ${btoa(`${this.config.username}:${this.config.key}`)}`;
    for (let page = 1; page <= pages; page++) {
      const url = `${this.config.apiBase ?? "https://www.kaggle.com/api/v1"}/datasets/list?${new URLSearchParams({ search, page: String(page), sortBy: "hottest" })}`;
      const body = await requestJson(
        url,
        { headers: { Authorization: auth } },
        { service: "kaggle", limiter: this.limiter },
      );
      out.push(
        ...validEach("kaggle", body, (item) => {
          const d = DatasetSchema.safeParse(item);
          if (!d.success) return null;
          return {
            ref: d.data.ref,
            title: d.data.title,
            downloadCount: d.data.downloadCount ?? 0,
            usabilityRating: d.data.usabilityRating ?? 0,
            size: d.data.totalBytes ?? 0,
            voteCount: d.data.voteCount ?? 0,
            lastUpdated: d.data.lastUpdated ?? null,
          };
        }),
      );
    }
    return out;
  }
}

/**
 * Answers of the data screens' endpoints (spec §3): the games database (`/api/igdb/*`), community
 * datasets (`/api/github-gaming/*`) and historical data (`/api/kaggle/*`). Types only: shared by the
 * server that builds them and the screens that show them.
 */
export interface IgdbGame {
  id: string;
  name: string;
  genres: Array<{ id: number; name: string }>;
  aggregated_rating: number | null;
  aggregated_rating_count: number | null;
  cover: { url: string } | null;
  first_release_date: number | null;
  involved_companies: Array<{ developer: boolean; publisher: boolean; company: { name: string } }>;
  platforms: Array<{ id: number; name: string }>;
  summary: string | null;
  url: string | null;
  isDemo: boolean;
}

export interface IgdbPlatform {
  id: string;
  name: string;
  abbreviation: string | null;
  generation: number | null;
  summary: string | null;
  platform_logo: { url: string } | null;
}

export interface IgdbCompany {
  id: string;
  name: string;
  logo: { url: string } | null;
  start_date: number | null;
  description: string | null;
  developed: number;
  published: number;
}

export interface IgdbStatus {
  status: "operational" | "degraded";
  authenticated: true | "Not authenticated";
  lastSync: string | null;
  message: string | null;
}

export interface CommunityDataset {
  fullName: string;
  name: string;
  description: string | null;
  topics: string[];
  owner: { login: string; avatarUrl: string | null };
  stars: number;
  lastUpdated: string;
  /** KB, as GitHub reports repository size. */
  size: number;
  language: string | null;
  htmlUrl: string;
  downloadUrl: string;
}

export interface DatasetContent {
  file: string;
  metadata: { totalEntries: number; format: "csv" | "json"; lastUpdated: string | null };
  dataType: string;
  games: Array<Record<string, unknown>>;
}

export interface KaggleDataset {
  ref: string;
  title: string;
  downloadCount: number;
  usabilityRating: number;
  size: number;
  voteCount: number;
  lastUpdated: string | null;
}

export interface HistoricalGame {
  gameId: string;
  gameName: string;
  platform: string | null;
  playerTrends: Array<{ date: string; playerCount: number }>;
  reviewTrends: Array<{ date: string; sentiment: number; averageRating: number }>;
}

export interface MarketHistory {
  globalRevenue: Array<{ year: number; revenue: number; growth: number | null; forecast: boolean }>;
  platformDistribution: Record<string, number>;
  platformYear: number | null;
  regionalMarkets: Array<{ region: string; share: number; growth: number | null; revenue: number }>;
  regionalYear: number | null;
  source: string;
}

export interface EsportsSummary {
  topGames: Array<{ game: string; viewership: number | null; prizePool: number }>;
  growth: Array<{ year: number; totalPrizePool: number; totalViewership: number | null }>;
  tournaments: Array<{ name: string; game: string; prizePool: number; viewers: number | null }>;
}

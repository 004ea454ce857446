import { beforeAll, expect, test } from "vitest";
import { request, type TestUser } from "../helpers/api.ts";
import { premiumWatchingMonthlyGame } from "../helpers/monthly-players.ts";

/**
 * Report r18b #1: the analyses named the model and the time they ran as their "source". Their figures
 * come from data (here SteamCharts' monthly means, whose newest month is Feb 2022): the analysis says
 * which data and its time, as the chat's answers do, and who wrote it apart from that.
 */
let premium: TestUser;

beforeAll(async () => {
  ({ premium } = await premiumWatchingMonthlyGame());
});

const analyse = async (path: string) => {
  const res = await request(path, { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  return res.json();
};

type Source = { source: string; asOf: string | null };

test("game analysis names its data's sources and their time, not the model or the time it ran", async () => {
  const body = await analyse("/api/ai/analyze-games");
  const sources: Source[] = body.metadata.sources;
  expect(sources.map((s) => s.source)).toContain("SteamCharts");
  const charts = sources.find((s) => s.source === "SteamCharts")!;
  expect(charts.asOf?.slice(0, 7)).toBe("2022-02");
  expect(sources.map((s) => s.source)).not.toContain(body.metadata.modelUsed);
  expect(sources.map((s) => s.asOf)).not.toContain(body.metadata.createdAt);
});

test("market insights read the catalog: its sources at their newest", async () => {
  const body = await analyse("/api/ai/market-insights");
  expect(body.metadata.sources.map((s: Source) => s.source)).toContain("SteamCharts");
});

test("an analysis reopened from history carries the same sources", async () => {
  const body = await analyse("/api/ai/analyze-games");
  const entry = await (
    await request(`/api/ai/analytics/${body.metadata.analysisId}`, { cookie: premium.cookie })
  ).json();
  expect(entry.result.metadata.sources).toEqual(body.metadata.sources);
});

import type { Server } from "bun";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { KaggleClient } from "../../src/server/sources/kaggle.ts";
import { SteamClient } from "../../src/server/sources/steam.ts";
import { SteamSpyClient } from "../../src/server/sources/steamspy.ts";
import { StoresClient } from "../../src/server/sources/stores.ts";
import { syncSource } from "../../src/server/sources/sync.ts";
import { createTestUser, request } from "../helpers/api.ts";

const SAMPLES = new URL("../../../shared/datasets/api-samples/", import.meta.url);
const FIXTURES = new URL("../fixtures/recorded/", import.meta.url);
const file = (base: URL, path: string) => Bun.file(new URL(path, base));

let server: Server<unknown>;
let base: string;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const json = (f: Blob) => new Response(f, { headers: { "Content-Type": "application/json" } });
      if (url.pathname === "/api/appdetails") return json(file(SAMPLES, "doom-2016/steam.appdetails.json"));
      if (url.pathname.startsWith("/appreviews/")) return json(file(FIXTURES, "steam-appreviews.json"));
      if (url.pathname.includes("GetNumberOfCurrentPlayers"))
        return json(file(FIXTURES, "steam-current-players.json"));
      if (url.pathname === "/api.php" && url.searchParams.get("request") === "appdetails")
        return json(file(SAMPLES, "doom-2016/steamspy.appdetails.json"));
      if (url.pathname === "/api.php" && url.searchParams.get("request") === "top100in2weeks")
        return json(file(FIXTURES, "steamspy-top100in2weeks.json"));
      if (url.pathname === "/freeGamesPromotions") return json(file(FIXTURES, "epic-free-games.json"));
      if (url.pathname === "/v1/catalog") return json(file(FIXTURES, "gog-catalog.json"));
      if (url.pathname === "/api/v1/datasets/list") {
        // Basic auth with the configured user name and key.
        if (req.headers.get("authorization") !== `Basic ${btoa("analyst:secret-key")}`)
          return new Response("no", { status: 401 });
        return json(file(FIXTURES, "kaggle-datasets.json"));
      }
      return new Response("not found", { status: 404 });
    },
  });
  base = `http://localhost:${server.port}`;
});

afterAll(async () => {
  await server.stop(true);
});

test("Steam: appdetails (recorded DOOM answer), review summary and current players", async () => {
  const steam = new SteamClient({ storeBase: base, apiBase: base });
  const doom = await steam.appDetails(379720);
  expect(doom).toMatchObject({ name: "DOOM", steamAppId: 379720, developer: "id Software" });
  expect(await steam.reviewSummary(379720)).toEqual({ positive: 198001, negative: 9278 });
  expect(await steam.currentPlayers(379720)).toBe(1590);
});

test("SteamSpy: appdetails (recorded) and top 100, skipping a malformed record", async () => {
  const spy = new SteamSpyClient(`${base}/api.php`);
  const doom = await spy.appDetails(379720);
  expect(doom?.game).toMatchObject({
    name: "DOOM",
    price: 19.99,
    positiveReviews: 198001,
    ownersEstimate: 7_500_000,
  });
  const top = await spy.top100In2Weeks();
  expect(top.map((a) => a.game.name)).toEqual(["Dota 2", "Counter-Strike 2"]);
});

test("Epic: only promotions running now and free; GOG: prices and discounts", async () => {
  const stores = new StoresClient({ epicBase: base, gogBase: base });
  const free = await stores.epicFreeGames();
  expect(free.map((o) => o.title)).toEqual(["Free Now Game"]);
  expect(free[0]).toMatchObject({
    originalPrice: 19.99,
    free: true,
    url: "https://store.epicgames.com/p/free-now-game",
  });
  const gog = await stores.gogCatalog();
  expect(gog).toHaveLength(2);
  expect(gog[0]).toMatchObject({
    title: "The Witcher 3: Wild Hunt",
    price: 9.99,
    originalPrice: 39.99,
    discountPercent: 75,
  });
});

test("syncs store through the catalog: SteamSpy players, Steam live counts, Epic free games", async () => {
  const user = await createTestUser();
  await syncSource("steamspy", { steamspyBase: `${base}/api.php` });
  const dota = (
    await rawClient().execute("SELECT current_players, owners_estimate FROM games WHERE steam_app_id = 570")
  ).rows[0]!;
  expect(dota).toMatchObject({ current_players: 681249, owners_estimate: 350_000_000 });

  await syncSource("steam", { steamStoreBase: base, steamApiBase: base, steamGames: 2 });
  const live = (
    await rawClient().execute("SELECT count(*) AS n FROM game_metrics WHERE source = 'steam-api'")
  ).rows[0]!;
  expect(Number(live.n)).toBe(6);

  await syncSource("epic", { epicBase: base });
  const free = await (await request("/api/platforms/free-games", { cookie: user.cookie })).json();
  expect(free[0]).toMatchObject({ name: "Free Now Game", store: "Epic" });
  expect(free.some((g: { name: string; store: string }) => g.name === "Dota 2" && g.store === "Steam")).toBe(
    true,
  );

  const states = await (await request("/api/platforms/all", { cookie: user.cookie })).json();
  expect(states.find((p: { id: string }) => p.id === "epic").status).toBe("connected");
  expect(states.find((p: { id: string }) => p.id === "steam").status).toBe("connected");
});

test("Kaggle: the datasets list, with a malformed record skipped, through to the historical screen's API", async () => {
  const kaggle = new KaggleClient({ username: "analyst", key: "secret-key", apiBase: `${base}/api/v1` });
  const list = await kaggle.datasets("video games", 1);
  expect(list.map((d) => d.ref)).toEqual(["nikdavis/steam-store-games", "gregorut/videogamesales"]);
  expect(list[0]).toMatchObject({ downloadCount: 51234, voteCount: 812, size: 9021951 });

  process.env.KAGGLE_USERNAME = "analyst";
  process.env.KAGGLE_KEY = "secret-key";
  const { resetEnvForTests } = await import("../../src/server/env.ts");
  resetEnvForTests();
  try {
    await syncSource("kaggle", { kaggleApiBase: `${base}/api/v1` });
    const user = await createTestUser();
    const stored = await (await request("/api/kaggle/datasets", { cookie: user.cookie })).json();
    expect(stored[0]).toMatchObject({
      ref: "gregorut/videogamesales",
      title: "Video Game Sales",
      usabilityRating: 0.8235294,
    });
  } finally {
    delete process.env.KAGGLE_USERNAME;
    delete process.env.KAGGLE_KEY;
    resetEnvForTests();
  }
});

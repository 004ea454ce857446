import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, test } from "vitest";
import { type GameRecord, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

let premium: TestUser;
let regular: TestUser;

const GAMES: GameRecord[] = [
  {
    name: "Alpha Siege",
    genres: ["Strategy"],
    tags: ["Medieval", "RTS"],
    platforms: ["PC"],
    releaseDate: "2018-02-01",
    price: 19.99,
    positiveReviews: 900,
    negativeReviews: 100,
    developer: "Keep Works",
    publisher: "Big Crown",
  },
  {
    name: "Beta Siege, Redux",
    genres: ["Strategy"],
    tags: ["Medieval"],
    platforms: ["PC", "Mac"],
    releaseDate: "2020-06-15",
    price: 9.99,
    positiveReviews: 300,
    negativeReviews: 300,
    developer: "Keep Works",
    publisher: "Keep Works",
  },
  {
    name: 'Gamma "Quoted" Fields',
    genres: ["Strategy", "Puzzle"],
    tags: ["RTS"],
    platforms: ["PC"],
    releaseDate: "2020-09-01",
    price: 0,
    positiveReviews: 50,
    negativeReviews: 0,
    developer: "Other Folk",
  },
  {
    name: "Delta Drift",
    genres: ["Racing"],
    tags: ["Cars"],
    platforms: ["PlayStation 5"],
    releaseDate: "2022-01-01",
    price: 59.99,
    positiveReviews: 20_000,
    negativeReviews: 5_000,
    publisher: "Big Crown",
  },
  { name: "Epsilon Unknown", genres: ["Strategy"], platforms: ["PC"] },
];

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  regular = await createTestUser();
  const { ids } = await upsertGames(GAMES, "test");
  await recordMetrics([
    {
      gameId: ids[0]!,
      metric: "reviews_positive",
      ts: new Date("2019-05-01"),
      value: 900,
      period: "instant",
      source: "steam-store-csv",
    },
  ]);
  await recomputeEstimates();
});

type Page = {
  rows: Array<{
    name: string;
    reviews: number | null;
    positiveShare: number | null;
    price: number | null;
    ownersEstimate: number | null;
    revenueEstimate: number | null;
  }>;
  total: number;
  page: number;
  provenance: Array<{ source: string; asOf: string | null }>;
};

const screen = async (query: string) => {
  const res = await request(`/api/market/screener?${query}`, { cookie: premium.cookie });
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
};
const names = (p: Page) => p.rows.map((r) => r.name);

describe("GET /api/market/screener", () => {
  test("sorts by reviews by default, unknown figures last, with provenance", async () => {
    const page = await screen("");
    expect(names(page)).toEqual([
      "Delta Drift",
      "Alpha Siege",
      "Beta Siege, Redux",
      'Gamma "Quoted" Fields',
      "Epsilon Unknown",
    ]);
    expect(page.total).toBe(5);
    expect(page.rows[1]).toMatchObject({ reviews: 1000, positiveShare: 90, price: 19.99 });
    expect(page.provenance).toContainEqual({
      source: "Steam Store Games (Kaggle, CC BY 4.0)",
      asOf: "2019-05-01T00:00:00.000Z",
      // Its own figures named with it (review r27-a #8): the methods of a note's sources, joined, say
      // which source gave what.
      method: "Steam Store Games (Kaggle, CC BY 4.0): each game's latest reviews",
    });
    // Ascending keeps unknown values last too.
    expect(names(await screen("sort=price&order=asc"))).toEqual([
      'Gamma "Quoted" Fields',
      "Beta Siege, Redux",
      "Alpha Siege",
      "Delta Drift",
      "Epsilon Unknown",
    ]);
  });

  test("filters by genre, tag, platform, years, price, reviews and positive share", async () => {
    expect(names(await screen("genre=strategy&sort=name&order=asc"))).toEqual([
      "Alpha Siege",
      "Beta Siege, Redux",
      "Epsilon Unknown",
      'Gamma "Quoted" Fields',
    ]);
    expect(names(await screen("tag=RTS&platform=PC&sort=name&order=asc"))).toEqual([
      "Alpha Siege",
      'Gamma "Quoted" Fields',
    ]);
    expect(names(await screen("yearFrom=2019&yearTo=2020&sort=name&order=asc"))).toEqual([
      "Beta Siege, Redux",
      'Gamma "Quoted" Fields',
    ]);
    expect(names(await screen("priceMin=5&priceMax=20"))).toEqual(["Alpha Siege", "Beta Siege, Redux"]);
    expect(names(await screen("minReviews=600"))).toEqual([
      "Delta Drift",
      "Alpha Siege",
      "Beta Siege, Redux",
    ]);
    expect(names(await screen("minPositive=80&sort=positiveShare"))).toEqual([
      'Gamma "Quoted" Fields',
      "Alpha Siege",
      "Delta Drift",
    ]);
    expect(names(await screen("q=siege&sort=name&order=asc"))).toEqual(["Alpha Siege", "Beta Siege, Redux"]);
    expect((await screen("genre=Nothing")).total).toBe(0);
  });

  test("estimated owners and revenue (P50 of the stored estimates) filter, sort and fill their columns", async () => {
    const all = await screen("sort=revenueEstimate&order=desc");
    const revenues = all.rows.map((r) => r.revenueEstimate);
    const known = revenues.filter((v): v is number => v != null);
    expect(known.length).toBeGreaterThanOrEqual(3);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    // Unknown revenue (no price, or no estimate) comes last.
    expect(revenues.slice(0, known.length)).toEqual(known);
    expect(all.provenance.map((p) => p.source)).toContain("Estimates per game");
    const owners = all.rows.map((r) => r.ownersEstimate).filter((v): v is number => v != null);
    const threshold = [...owners].sort((a, b) => a - b)[Math.floor(owners.length / 2)]!;
    const filtered = await screen(`ownersMin=${threshold}`);
    expect(filtered.total).toBe(owners.filter((v) => v >= threshold).length);
    for (const row of filtered.rows) expect(row.ownersEstimate!).toBeGreaterThanOrEqual(threshold);
    const capped = await screen(`revenueMax=${known.at(-1)}`);
    expect(capped.rows.every((r) => r.revenueEstimate != null && r.revenueEstimate <= known.at(-1)!)).toBe(
      true,
    );
  });

  test("pages carry the total", async () => {
    const second = await screen("sort=name&order=asc&pageSize=2&page=2");
    expect(second).toMatchObject({ total: 5, page: 2 });
    expect(names(second)).toEqual(["Delta Drift", "Epsilon Unknown"]);
  });

  test("bad filters are 422 naming the field", async () => {
    for (const [query, field] of [
      ["sort=bogus", "sort"],
      ["order=up", "order"],
      ["yearFrom=nineteen", "yearFrom"],
      ["yearFrom=2020&yearTo=2010", "yearTo"],
      ["priceMin=-1", "priceMin"],
      ["priceMin=30&priceMax=10", "priceMax"],
      ["minReviews=1.5", "minReviews"],
      ["minPositive=140", "minPositive"],
      ["pageSize=5000", "pageSize"],
      ["page=0", "page"],
      ["columns=name,bogus", "columns"],
      ["format=xml", "format"],
      ["genres=Action", "genres"],
      ["ownersMin=-5", "ownersMin"],
      ["revenueMin=100&revenueMax=10", "revenueMax"],
    ] as const) {
      const res = await request(`/api/market/screener?${query}`, { cookie: premium.cookie });
      expect(res.status, query).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      const body = await res.json();
      expect(
        body.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
  });

  test("Premium only, on the server: regular users 403, anonymous 401", async () => {
    expect((await request("/api/market/screener", { cookie: regular.cookie })).status).toBe(403);
    expect((await request("/api/market/summary", { cookie: regular.cookie })).status).toBe(403);
    expect((await request("/api/market/screener?format=csv", { cookie: regular.cookie })).status).toBe(403);
    expect((await request("/api/market/screener")).status).toBe(401);
  });
});

describe("GET /api/market/screener?format=csv", () => {
  test("streams every matching row (not one page) and parses back to the same rows", async () => {
    const query = "genre=Strategy&sort=name&order=asc&pageSize=1";
    const res = await request(`/api/market/screener?${query}&format=csv`, { cookie: premium.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="market-screener_genre=Strategy.csv"',
    );
    // A UTF-8 byte-order mark first, as the client's exports: Excel then reads "Pokémon" as UTF-8
    // (Response.text() would drop it, so the bytes are read).
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFid,steamAppId,")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const records = parse(text, { columns: true, bom: true }) as Array<Record<string, string>>;
    const json = await screen(query.replace("pageSize=1", "pageSize=200"));
    expect(records).toHaveLength(4);
    expect(records.map((r) => r.name)).toEqual(names(json));
    const header = Object.keys(records[0]!);
    expect(header).toEqual([
      "id",
      "steamAppId",
      "name",
      "releaseDate",
      "developer",
      "publisher",
      "genres",
      "tags",
      "platforms",
      "price (USD)",
      "reviews (count)",
      "positiveShare (%)",
      "owners (count)",
      "players (players)",
      "ownersEstimate (count)",
      "revenueEstimate (USD)",
      // With an estimate column, which rows' estimates are low-signal (report r11-b #4), and each
      // chosen estimate's P10 and P90 (review 12, item 5).
      "estimateLowSignal (true/false)",
      // What the table says in words where a figure is empty (review 14 b, item 5): a free-to-play
      // game's revenue, a source's "under 20,000" owners.
      "estimateFreeToPlay (true/false)",
      "ownersBelow (count)",
      "ownersEstimateP10 (count)",
      "ownersEstimateP90 (count)",
      "revenueEstimateP10 (USD)",
      "revenueEstimateP90 (USD)",
      // With the price column, last: a game on sale's list price and discount (outside tester).
      "listPrice (USD)",
      "discount (%)",
      // Then a price converted from another currency: the source's price, currency and rate (review r18a, item 1).
      "priceConvertedFrom (source currency)",
      "priceConvertedFromCurrency",
      "priceConversionRate (USD per unit)",
      // With the players column: what its figure is and its time (review 19, item 16).
      "playersFigure",
      "playersAt (ISO time)",
    ]);
    for (const [i, record] of records.entries()) {
      const row = json.rows[i]!;
      expect(record["price (USD)"]).toBe(row.price == null ? "" : String(row.price));
      expect(record["reviews (count)"]).toBe(row.reviews == null ? "" : String(row.reviews));
      expect(record["positiveShare (%)"]).toBe(row.positiveShare == null ? "" : String(row.positiveShare));
    }
    expect(records[1]!.name).toBe("Beta Siege, Redux");
    expect(records[3]!.name).toBe('Gamma "Quoted" Fields');
    expect(records[3]!.genres).toBe("Strategy; Puzzle");
    expect(records[2]!["price (USD)"]).toBe("");
  });

  test("chosen columns only; an empty filter names the whole catalog", async () => {
    const res = await request("/api/market/screener?format=csv&columns=name,price", {
      cookie: premium.cookie,
    });
    expect(res.headers.get("content-disposition")).toContain("market-screener_all-games.csv");
    const rows = parse(await res.text()) as string[][];
    // The game id and Steam app id always lead, so rows can be joined to other data.
    expect(rows[0]).toEqual([
      "id",
      "steamAppId",
      "name",
      "price (USD)",
      "listPrice (USD)",
      "discount (%)",
      "priceConvertedFrom (source currency)",
      "priceConvertedFromCurrency",
      "priceConversionRate (USD per unit)",
    ]);
    expect(rows).toHaveLength(6);
  });

  test("the leading id and steamAppId may be named in columns (as the header names them): no change", async () => {
    const header = async (columns: string) => {
      const res = await request(`/api/market/screener?format=csv&columns=${columns}`, {
        cookie: premium.cookie,
      });
      expect(res.status, columns).toBe(200);
      return (parse(await res.text()) as string[][])[0];
    };
    // Review r22-c #9: "columns: Unknown column id" for a column its own header names.
    expect(await header("id,name")).toEqual(["id", "steamAppId", "name"]);
    expect(await header("name,steamAppId,id")).toEqual(["id", "steamAppId", "name"]);
    expect(await header("id")).toEqual(["id", "steamAppId"]);
    const none = await request("/api/market/screener?format=csv&columns=,", { cookie: premium.cookie });
    expect(none.status).toBe(422);
    expect((await none.json()).errors).toEqual([{ field: "columns", message: "Name at least one column" }]);
  });

  test("every name the CSV header uses may be named in columns, each picking its column; a name given twice is refused", async () => {
    const csv = async (columns: string | null) => {
      const chosen = columns == null ? "" : `&columns=${columns}`;
      const res = await request(`/api/market/screener?format=csv&sort=name&order=asc${chosen}`, {
        cookie: premium.cookie,
      });
      expect(res.status, chosen).toBe(200);
      return parse(await res.text()) as string[][];
    };
    // Review r23-a #7: "columns: Unknown column listPrice" for names of the CSV's own header.
    const everything = await csv(null);
    const names = everything[0]!.map((h) => h.replace(/ \(.*\)$/, ""));
    expect(names).toEqual(
      expect.arrayContaining(["listPrice", "discount", "ownersBelow", "ownersEstimateP10"]),
    );
    for (const [i, name] of names.entries()) {
      if (name === "id" || name === "steamAppId") continue;
      const rows = await csv(name);
      // The leading keys, then that column (a companion alone; a column with its companions after it),
      // with the same cells as in the whole file.
      const bringsCompanions = ["price", "owners", "players", "ownersEstimate", "revenueEstimate"].includes(
        name,
      );
      if (!bringsCompanions) expect(rows[0], name).toEqual(["id", "steamAppId", everything[0]![i]]);
      else expect(rows[0]!.slice(0, 3), name).toEqual(["id", "steamAppId", everything[0]![i]]);
      expect(
        rows.map((r) => r[2]),
        name,
      ).toEqual(everything.map((r) => r[i]));
    }
    for (const columns of ["name,name", "id,id", "listPrice,name,listPrice"]) {
      const res = await request(`/api/market/screener?format=csv&columns=${columns}`, {
        cookie: premium.cookie,
      });
      expect(res.status, columns).toBe(422);
      const name = columns.split(",")[0];
      expect((await res.json()).errors).toEqual([{ field: "columns", message: `Named twice: ${name}` }]);
    }
  });
});

describe("GET /api/market/summary", () => {
  test("the market size of a filter: count, medians, releases per year, top games", async () => {
    const res = await request("/api/market/summary?genre=Strategy", { cookie: premium.cookie });
    expect(res.status).toBe(200);
    const summary = await res.json();
    expect(summary).toMatchObject({
      games: 4,
      // Prices 19.99, 9.99, 0 (the unknown one left out): the middle one.
      medianPrice: 9.99,
      // Reviews 1000, 600, 50: the middle one.
      medianReviews: 600,
      // Every year between the first and the last, a year without a release as 0 (review 13 b, item 5).
      releasesPerYear: [
        { year: 2018, games: 1 },
        { year: 2019, games: 0 },
        { year: 2020, games: 2 },
      ],
    });
    expect(summary.topGames.map((g: { name: string }) => g.name)).toEqual([
      "Alpha Siege",
      "Beta Siege, Redux",
      'Gamma "Quoted" Fields',
    ]);
    const even = await (await request("/api/market/summary?priceMin=5", { cookie: premium.cookie })).json();
    // 9.99, 19.99, 59.99 → 19.99; with no reviews filter the median of 600, 1000, 25000 is 1000.
    expect(even).toMatchObject({ games: 3, medianPrice: 19.99, medianReviews: 1000 });
    const empty = await (await request("/api/market/summary?genre=None", { cookie: premium.cookie })).json();
    expect(empty).toMatchObject({ games: 0, medianPrice: null, medianReviews: null, topGames: [] });
  });

  // Review 8, item 5 (issue 11: "Screener and company pages: ... totals"): the matching games'
  // estimates summed as a company page sums its games', over the games the owners model covers.
  test("the filter's estimate totals: P50 owners and gross revenue of the covered games, with provenance", async () => {
    const summary = await (
      await request("/api/market/summary?genre=Strategy", { cookie: premium.cookie })
    ).json();
    const rows = (await screen("genre=Strategy&pageSize=200")).rows;
    const estimated = rows.filter((r) => r.ownersEstimate != null);
    // Alpha, Beta and Gamma have Steam reviews; Epsilon Unknown has no Steam signal: outside the model.
    expect(estimated.map((r) => r.name).sort()).toEqual([
      "Alpha Siege",
      "Beta Siege, Redux",
      'Gamma "Quoted" Fields',
    ]);
    expect(summary.outsideModel).toBe(1);
    expect(summary.estimates).toMatchObject({
      games: 3,
      owners: { mid: estimated.reduce((s, r) => s + r.ownersEstimate!, 0) },
      grossRevenue: { mid: estimated.reduce((s, r) => s + (r.revenueEstimate ?? 0), 0) },
      // A game with no revenue estimate is counted apart, not summed as $0.
      gamesWithoutRevenue: estimated.filter((r) => r.revenueEstimate == null).length,
      provenance: { source: "Estimates per game", asOf: expect.any(String) },
    });
    expect(summary.estimates.owners.low).toBeLessThanOrEqual(summary.estimates.owners.mid);
    expect(summary.estimates.owners.high).toBeGreaterThanOrEqual(summary.estimates.owners.mid);
    expect(summary.estimates.provenance.method).toMatch(/P50.*owners model covers/);
    // The same sums as the company page of the same games: Keep Works made Alpha and Beta.
    const keep = await (await request("/api/market/summary?q=siege", { cookie: premium.cookie })).json();
    const company = await (await request("/api/companies/keep-works", { cookie: premium.cookie })).json();
    expect(keep.estimates).toEqual(company.totals.estimates);
    // Nothing matches: no estimate, not a total of 0.
    const none = await (await request("/api/market/summary?genre=None", { cookie: premium.cookie })).json();
    expect(none).toMatchObject({ estimates: null, outsideModel: 0 });
  });

  test("bad filters are 422 naming the field; paging parameters are not filters", async () => {
    for (const [query, field] of [
      ["yearTo=abc", "yearTo"],
      ["sort=name", "sort"],
    ] as const) {
      const res = await request(`/api/market/summary?${query}`, { cookie: premium.cookie });
      expect(res.status).toBe(422);
      expect((await res.json()).errors[0].field).toBe(field);
    }
  });
});

describe("GET /api/companies/:slug", () => {
  test("a developer's and publisher's games with totals", async () => {
    const res = await request("/api/companies/keep-works", { cookie: regular.cookie });
    expect(res.status).toBe(200);
    const company = await res.json();
    expect(company).toMatchObject({
      slug: "keep-works",
      name: "Keep Works",
      totals: {
        games: 2,
        developed: 2,
        published: 1,
        reviews: 1600,
        reviewedGames: 2,
        firstYear: 2018,
        lastYear: 2020,
      },
    });
    expect(company.games.map((g: { name: string; role: string }) => [g.name, g.role])).toEqual([
      ["Beta Siege, Redux", "developer and publisher"],
      ["Alpha Siege", "developer"],
    ]);
    const estimated = company.games.filter(
      (g: { ownersEstimate: number | null }) => g.ownersEstimate != null,
    );
    expect(company.totals.estimates.games).toBe(estimated.length);
    expect(company.totals.estimates.owners.mid).toBe(
      estimated.reduce((s: number, g: { ownersEstimate: number }) => s + g.ownersEstimate, 0),
    );
    expect(company.totals.estimates.provenance.source).toBe("Estimates per game");
    const crown = await (await request("/api/companies/big-crown", { cookie: regular.cookie })).json();
    expect(crown.totals).toMatchObject({ games: 2, developed: 0, published: 2, reviews: 26_000 });
  });

  // Review 8, item 6: a company none of whose games has review figures has unknown reviews, not 0;
  // and a game with no known price has no revenue estimate, counted apart, not summed as $0.
  test("totals no source gives are null, not 0: reviews, and revenue without a price", async () => {
    const { ids } = await upsertGames(
      [{ name: "Cartridge Only", developer: "Quiet Carts", platforms: ["Wii"], releaseDate: "2008-03-01" }],
      "test",
    );
    await recomputeEstimates();
    const page = async () =>
      (await (await request("/api/companies/quiet-carts", { cookie: regular.cookie })).json()).totals;
    expect(await page()).toMatchObject({
      games: 1,
      reviews: null,
      reviewedGames: 0,
      // Not on Steam and no Steam signal: outside the owners model, so no estimate either.
      estimates: null,
      outsideModel: 1,
    });
    const { ids: more } = await upsertGames(
      [{ name: "Cartridge Port", developer: "Quiet Carts", positiveReviews: 40, negativeReviews: 10 }],
      "test",
    );
    await recomputeEstimates();
    const totals = await page();
    expect(totals).toMatchObject({ games: 2, reviews: 50, reviewedGames: 1, outsideModel: 1 });
    expect(totals.estimates).toMatchObject({ games: 1, grossRevenue: null, gamesWithoutRevenue: 1 });
    expect(totals.estimates.owners.mid).toBeGreaterThan(0);
    for (const id of [...ids, ...more])
      await rawClient().execute({ sql: "DELETE FROM games WHERE id = ?", args: [id] });
  });

  test("an unknown company is 404 problem JSON; anonymous is 401", async () => {
    for (const slug of ["nobody-here", "keep", "Keep-Works", "--"]) {
      const res = await request(`/api/companies/${slug}`, { cookie: regular.cookie });
      expect(res.status, slug).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await request("/api/companies/keep-works")).status).toBe(401);
  });

  // Review 10 b, item 3: names without Latin letters had the slug "game", so every such company shared
  // one page (titled after one of them) with one set of totals.
  test("companies named in other scripts each have their own page, linked from their games", async () => {
    const { ids } = await upsertGames(
      [
        { name: "Script Game One", developer: "乐客游戏", publisher: "КиКо", platforms: ["PC"] },
        { name: "Script Game Two", developer: "Почежерцев Влад", platforms: ["PC"] },
        { name: "Script Game Three", developer: "КиКо Studio", platforms: ["PC"] },
      ],
      "test",
    );
    const game = await (await request(`/api/games/${ids[0]}`, { cookie: regular.cookie })).json();
    expect([game.developerSlug, game.publisherSlug]).toEqual(["乐客游戏", "кико"]);
    const page = async (slug: string) =>
      request(`/api/companies/${encodeURIComponent(slug)}`, { cookie: regular.cookie });
    const named = async (slug: string) => {
      const res = await page(slug);
      expect(res.status, slug).toBe(200);
      const body = await res.json();
      return [body.name, body.games.map((g: { name: string }) => g.name), body.totals.games];
    };
    expect(await named("乐客游戏")).toEqual(["乐客游戏", ["Script Game One"], 1]);
    expect(await named("кико")).toEqual(["КиКо", ["Script Game One"], 1]);
    expect(await named("почежерцев-влад")).toEqual(["Почежерцев Влад", ["Script Game Two"], 1]);
    expect(await named("кико-studio")).toEqual(["КиКо Studio", ["Script Game Three"], 1]);
    // Nor does the Latin word alone gather them: "КиКо Studio" is not the company "Studio".
    expect((await page("studio")).status).toBe(404);
    // The old shared address names no company now.
    expect((await page("game")).status).toBe(404);
    for (const id of ids) await rawClient().execute({ sql: "DELETE FROM games WHERE id = ?", args: [id] });
  });

  test("a game whose developer changes moves to the new company's page at once; a removed one leaves", async () => {
    const { ids } = await upsertGames(
      [{ name: "Lantern Drift", developer: "Moth & Lamp", genres: ["Indie"], platforms: ["PC"] }],
      "test",
    );
    const page = async (slug: string) => request(`/api/companies/${slug}`, { cookie: regular.cookie });
    expect((await (await page("moth-and-lamp")).json()).games.map((g: { name: string }) => g.name)).toEqual([
      "Lantern Drift",
    ]);
    await rawClient().execute({
      sql: "UPDATE games SET developer = 'Moth Works' WHERE id = ?",
      args: [ids[0]!],
    });
    expect((await page("moth-and-lamp")).status).toBe(404);
    expect((await (await page("moth-works")).json()).totals.games).toBe(1);
    await rawClient().execute({ sql: "DELETE FROM games WHERE id = ?", args: [ids[0]!] });
    expect((await page("moth-works")).status).toBe(404);
  });
});

describe("list filters match whole elements only", () => {
  test("a genre that is part of another, or holds LIKE wildcards, matches nothing else", async () => {
    await upsertGames(
      [
        { name: "Wildcard One", genres: ["Strategy RPG", "100%_Fun"], tags: ['Say "Hi"'] },
        { name: "Wildcard Two", genres: ["100x Fun"] },
      ],
      "test",
    );
    expect(names(await screen("genre=Strategy&sort=name&order=asc"))).not.toContain("Wildcard One");
    expect(names(await screen("genre=strategy%20rpg"))).toEqual(["Wildcard One"]);
    expect(names(await screen(`genre=${encodeURIComponent("100%_Fun")}`))).toEqual(["Wildcard One"]);
    expect(names(await screen(`tag=${encodeURIComponent('Say "Hi"')}`))).toEqual(["Wildcard One"]);
    expect(names(await screen("tag=Hi"))).toEqual([]);
  });

  // Review 10 b, questionable: screening "RPG" left out every console RPG, which VGChartz files under
  // "Role-Playing".
  test("a genre the sources spell apart is one genre: RPG finds Role-Playing games, and the reverse", async () => {
    await upsertGames(
      [
        { name: "Alias Steam Quest", genres: ["RPG"] },
        { name: "Alias Console Quest", genres: ["Role-Playing"], platforms: ["PS4"] },
      ],
      "test",
    );
    const quests = async (genre: string) =>
      names(await screen(`genre=${genre}&q=quest&sort=name&order=asc`)).filter((n) => n.startsWith("Alias"));
    expect(await quests("RPG")).toEqual(["Alias Console Quest", "Alias Steam Quest"]);
    expect(await quests("role-playing")).toEqual(["Alias Console Quest", "Alias Steam Quest"]);
    const facets = await (await request("/api/market/facets", { cookie: premium.cookie })).json();
    const rpg = facets.genres.filter((g: { value: string }) => /^(rpg|role-playing)$/i.test(g.value));
    expect(rpg).toHaveLength(1);
  });

  // Report r15-a #9: the tag "Roguelike" found none of the games the 2019 file tags "Rogue-like".
  test("a tag the sources spell apart is one tag: Roguelike finds Rogue-like games, and the reverse", async () => {
    await upsertGames(
      [
        { name: "Alias Old Dungeon", tags: ["Rogue-like"] },
        { name: "Alias New Dungeon", tags: ["Roguelike"] },
      ],
      "test",
    );
    const dungeons = async (tag: string) =>
      names(await screen(`tag=${tag}&q=dungeon&sort=name&order=asc`)).filter((n) => n.startsWith("Alias"));
    expect(await dungeons("Roguelike")).toEqual(["Alias New Dungeon", "Alias Old Dungeon"]);
    expect(await dungeons("rogue-like")).toEqual(["Alias New Dungeon", "Alias Old Dungeon"]);
  });
});

describe("the name filter q is text, not a pattern", () => {
  test("%, _ and other punctuation match only names holding them; plain words still match the name key", async () => {
    await upsertGames(
      [
        { name: "TIS-100", genres: ["Puzzle"] },
        { name: "NARAKA: BLADEPOINT", genres: ["Action"] },
        { name: "100% Orange Juice", genres: ["Casual"] },
        { name: "Under_Score Tale", genres: ["Casual"] },
        { name: "ストライダー飛竜", genres: ["Action"] },
        { name: "Baldur’s Gate 3", genres: ["RPG"] },
        { name: "Half-Life 2", genres: ["Action"] },
      ],
      "test",
    );
    const named = async (q: string) =>
      names(await screen(`q=${encodeURIComponent(q)}&sort=name&order=asc&pageSize=200`));
    expect(await named("%")).toEqual(["100% Orange Juice"]);
    expect(await named("_")).toEqual(["Under_Score Tale"]);
    expect(await named("100%")).toEqual(["100% Orange Juice"]);
    expect(await named("a_b")).toEqual([]);
    expect(await named("ストライダー")).toEqual(["ストライダー飛竜"]);
    expect(await named("ストライダー x")).toEqual([]);
    // Words alone match as before: case, accents and apostrophes folded, punctuation as a space.
    expect(await named("TIS 100")).toEqual(["TIS-100"]);
    expect(await named("baldurs gate")).toEqual(["Baldur’s Gate 3"]);
    expect(await named("Baldur's")).toEqual(["Baldur’s Gate 3"]);
    expect(await named("half-life")).toEqual(["Half-Life 2"]);
    expect(await named("naraka: blade")).toEqual(["NARAKA: BLADEPOINT"]);
    // The CSV and the market summary filter the same games.
    const csv = await request(`/api/market/screener?format=csv&columns=name&q=${encodeURIComponent("%")}`, {
      cookie: premium.cookie,
    });
    expect((parse(await csv.text()) as string[][]).map((r) => r.at(-1))).toEqual([
      "name",
      "100% Orange Juice",
    ]);
    const summary = await request(`/api/market/summary?q=${encodeURIComponent("_")}`, {
      cookie: premium.cookie,
    });
    expect((await summary.json()).games).toBe(1);
  });
});

describe("screener query values and CSV details", () => {
  test("an empty filter means not set, as a form leaves a blank field; an empty page is refused", async () => {
    const all = await screen("");
    for (const query of [
      "yearFrom=&yearTo=",
      "priceMin=&priceMax=&minReviews=&minPositive=",
      "q=&genre=",
      "sort=",
    ]) {
      const page = await screen(query);
      expect(page.total, query).toBe(all.total);
    }
    expect((await screen("yearFrom=&yearTo=2019")).rows.map((r) => r.name)).toEqual(["Alpha Siege"]);
    const summary = await request("/api/market/summary?yearFrom=&ownersMin=", { cookie: premium.cookie });
    expect(summary.status).toBe(200);
    // A blank page is a broken link, not page 1 (no form leaves it blank): named like page=abc.
    for (const query of ["page=", "pageSize="]) {
      const blank = await request(`/api/market/screener?${query}`, { cookie: premium.cookie });
      expect(blank.status, query).toBe(422);
      expect((await blank.json()).errors[0].field, query).toBe(query.slice(0, -1));
    }
    // A blank key the schema does not know is still named.
    const unknown = await request("/api/market/screener?genres=", { cookie: premium.cookie });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors[0].field).toBe("genres");
  });

  test("a non-ASCII filter keeps its name in filename* (RFC 5987) beside an ASCII filename", async () => {
    const q = 'ストライダー"; x';
    const res = await request(`/api/market/screener?format=csv&q=${encodeURIComponent(q)}`, {
      cookie: premium.cookie,
    });
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition")!;
    const ascii = /filename="([^"]*)"/.exec(disposition)![1]!;
    expect(ascii).toMatch(/^[\x20-\x7e]+\.csv$/);
    const star = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)![1]!;
    expect(star).toMatch(/^[A-Za-z0-9!#$&+.^_`|~%-]+$/);
    expect(decodeURIComponent(star)).toBe("market-screener_q=ストライダー-x.csv");
  });

  test("each CSV row carries the game's id and Steam app id", async () => {
    const { ids } = await upsertGames(
      [{ name: "Joinable Game", steamAppId: 4242, genres: ["Joinery"] }],
      "test",
    );
    const res = await request("/api/market/screener?format=csv&genre=Joinery&columns=name", {
      cookie: premium.cookie,
    });
    expect(parse(await res.text())).toEqual([
      ["id", "steamAppId", "name"],
      [ids[0], "4242", "Joinable Game"],
    ]);
    const json = await screen("genre=Joinery");
    expect(json.rows[0]).toMatchObject({ id: ids[0], steamAppId: 4242 });
  });

  // Report r10-b #5: the table shows a year-only game's year ("Wii Sports | 2006"); its export did not.
  test("the release column holds the year where only a year is known, as the table shows it", async () => {
    const { ids } = await upsertGames(
      [
        { name: "Yearly Bowl", genres: ["Yearling"], platforms: ["Wii"], releaseYear: 2006 },
        { name: "Dated Bowl", genres: ["Yearling"], releaseDate: "2009-04-02" },
        { name: "Undated Bowl", genres: ["Yearling"] },
      ],
      "test",
    );
    const res = await request(
      "/api/market/screener?format=csv&genre=Yearling&columns=name,releaseDate&sort=name&order=asc",
      { cookie: premium.cookie },
    );
    expect(parse(await res.text()).map((r: string[]) => r.slice(2))).toEqual([
      ["name", "releaseDate"],
      ["Dated Bowl", "2009-04-02"],
      ["Undated Bowl", ""],
      ["Yearly Bowl", "2006"],
    ]);
    expect((await screen("genre=Yearling&sort=name&order=asc")).rows[2]).toMatchObject({
      releaseDate: null,
      releaseYear: 2006,
    });
    for (const id of ids) await rawClient().execute({ sql: "DELETE FROM games WHERE id = ?", args: [id] });
  });
});

describe("the screener's estimate sums follow the estimates", () => {
  test("a game estimated again moves the filter's sums with it, as its company page's", async () => {
    const game = (positiveReviews: number) => ({
      name: "Quillwright Odyssey",
      steamAppId: 99_401,
      price: 14.99,
      positiveReviews,
      negativeReviews: 50,
      developer: "Quillwright Studio",
    });
    const { ids } = await upsertGames([game(400)], "test");
    await recomputeEstimates({ gameIds: ids });
    const sums = async () => {
      const summary = await (
        await request("/api/market/summary?q=quillwright", { cookie: premium.cookie })
      ).json();
      const company = await (
        await request("/api/companies/quillwright-studio", { cookie: premium.cookie })
      ).json();
      expect(summary.estimates).toEqual(company.totals.estimates);
      return summary.estimates;
    };
    const before = await sums();
    expect(before.games).toBe(1);
    await upsertGames([game(40_000)], "test");
    await recomputeEstimates({ gameIds: ids });
    const after = await sums();
    expect(after.owners.mid).toBeGreaterThan(before.owners.mid);
    expect(after.owners.high).toBeGreaterThan(before.owners.high);
    expect(after.grossRevenue.low).toBeGreaterThan(before.grossRevenue.low);
  });
});

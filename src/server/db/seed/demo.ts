import type { InStatement } from "@libsql/client";
import { markCatalogChanged } from "../../catalog/changes.ts";
import { DEMO_COMPANY_NOTE, noteDemoDataSeeded } from "../../catalog/demo-data.ts";
import { normalizeName, slugify } from "../../catalog/normalize.ts";
import { type CompanyRecord, popularityOf, upsertCompanies, upsertPlatforms } from "../../catalog/write.ts";
import { withBusyRetry } from "../busy.ts";
import { placeholders, rawClient } from "../client.ts";
import { run, writeTransaction } from "../write-transaction.ts";

/**
 * Demo data for a fresh start with no network (issue 4): generated deterministically from a seed and
 * marked `is_demo` (the UI says so). Shapes are realistic: popularity follows a power law (a few huge
 * games, a long tail), players follow weekly cycles with weekend peaks, recent launches spike and
 * decay, and sales bring short bumps. Values depend only on the seed; dates end today.
 * Seeding the same seed again changes nothing (rows are keyed `demo-{seed}-{rank}`).
 */
export const DEMO_SOURCE = "demo";
export const DEFAULT_DEMO_GAMES = 2000;
export const MAX_DEMO_GAMES = 330_000;
/** Games with a daily player series (the rest have snapshot figures only). */
const SERIES_GAMES = 400;
const SERIES_DAYS = 90;
const DAY = 86_400_000;

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  "Shadow",
  "Crimson",
  "Iron",
  "Hollow",
  "Neon",
  "Silent",
  "Eternal",
  "Savage",
  "Lost",
  "Stellar",
  "Frozen",
  "Golden",
  "Broken",
  "Wild",
  "Arcane",
  "Rogue",
  "Quantum",
  "Ancient",
  "Last",
  "Dark",
  "Burning",
  "Endless",
  "Hidden",
  "Mighty",
  "Tiny",
  "Cosmic",
  "Pixel",
  "Phantom",
  "Emerald",
  "Solar",
];
const NOUNS = [
  "Legends",
  "Frontier",
  "Kingdom",
  "Protocol",
  "Odyssey",
  "Dungeon",
  "Rally",
  "Tactics",
  "Harbor",
  "Empire",
  "Colony",
  "Circuit",
  "Saga",
  "Outpost",
  "Arena",
  "Voyage",
  "Horizon",
  "Citadel",
  "Drift",
  "Garden",
  "Siege",
  "Echoes",
  "Forge",
  "Galaxy",
  "Hunters",
  "Knights",
  "Reactor",
  "Rift",
  "Station",
  "Wasteland",
];
const SUFFIXES = [
  "",
  "",
  "",
  "",
  " II",
  " III",
  ": Remastered",
  " Online",
  " Tactics",
  " Origins",
  " Reborn",
  " 2",
  " Chronicles",
  " Deluxe",
];
const STUDIO_A = [
  "Blue",
  "Red",
  "Northern",
  "Moon",
  "Iron",
  "Bright",
  "Quiet",
  "Paper",
  "Glass",
  "Copper",
  "Lucky",
  "Ember",
];
const STUDIO_B = [
  "Fox",
  "Owl",
  "Harbor",
  "Forge",
  "Pine",
  "Anvil",
  "Comet",
  "Lantern",
  "Mountain",
  "Bear",
  "Crane",
  "Wolf",
];
const STUDIO_C = ["Games", "Studios", "Interactive", "Entertainment", "Works", "Digital"];
const GENRES = [
  "Action",
  "Adventure",
  "RPG",
  "Strategy",
  "Simulation",
  "Sports",
  "Racing",
  "Puzzle",
  "Shooter",
  "Casual",
  "Horror",
  "MOBA",
  "Indie",
];
const TAGS = [
  "Multiplayer",
  "Singleplayer",
  "Co-op",
  "Open World",
  "Roguelike",
  "Story Rich",
  "Pixel Graphics",
  "Survival",
  "Sandbox",
  "Competitive",
  "Atmospheric",
  "Fantasy",
  "Sci-fi",
  "Building",
  "Crafting",
  "Free to Play",
  "Early Access",
  "Controller",
];
const PLATFORMS = [
  "PC",
  "PlayStation 5",
  "Xbox Series X|S",
  "Nintendo Switch",
  "Mac",
  "Linux",
  "iOS",
  "Android",
];
const PRICES = [4.99, 9.99, 14.99, 19.99, 24.99, 29.99, 39.99, 49.99, 59.99, 69.99];

/** Real platforms, with IGDB's abbreviations and generations, for the Games database's Platforms tab. */
export const REFERENCE_PLATFORMS = [
  { name: "PC (Microsoft Windows)", slug: "win", abbreviation: "PC", generation: null },
  { name: "PlayStation 5", slug: "ps5", abbreviation: "PS5", generation: 9 },
  { name: "Xbox Series X|S", slug: "series-x-s", abbreviation: "Series X|S", generation: 9 },
  { name: "Nintendo Switch", slug: "switch", abbreviation: "Switch", generation: 8 },
  { name: "PlayStation 4", slug: "ps4--1", abbreviation: "PS4", generation: 8 },
  { name: "Xbox One", slug: "xboxone", abbreviation: "XONE", generation: 8 },
  { name: "Mac", slug: "mac", abbreviation: "Mac", generation: null },
  { name: "Linux", slug: "linux", abbreviation: "Linux", generation: null },
  { name: "iOS", slug: "ios", abbreviation: "iOS", generation: null },
  { name: "Android", slug: "android", abbreviation: "Android", generation: null },
];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function pickSome<T>(rand: () => number, list: readonly T[], min: number, max: number): T[] {
  const n = min + Math.floor(rand() * (max - min + 1));
  const out = new Set<T>();
  while (out.size < n) out.add(pick(rand, list));
  return [...out];
}

export interface DemoOptions {
  games?: number;
  seed?: number;
  /** The series end on this day (defaults to today, UTC). */
  today?: Date;
}

export interface DemoResult {
  games: number;
  /** Games actually added (0 when the same seed was seeded before). */
  inserted: number;
  points: number;
  ms: number;
}

/** Seeds demo games and series. Meant for an empty catalog; it adds to whatever is there. */
export async function seedDemoData(options: DemoOptions = {}): Promise<DemoResult> {
  const started = Date.now();
  const count = Math.min(Math.max(1, options.games ?? DEFAULT_DEMO_GAMES), MAX_DEMO_GAMES);
  const rand = mulberry32(options.seed ?? 20261122);
  const today = options.today ?? new Date();
  const day0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const client = rawClient();
  // Slugs are unique across the catalog: another seed's (or a real) game may hold one already.
  const slugOwner = new Map<string, string>();
  const existing = Number((await client.execute("SELECT count(*) AS n FROM games")).rows[0]?.n ?? 0);
  if (existing > 0) {
    for (const row of (await client.execute("SELECT id, slug FROM games")).rows)
      slugOwner.set(String(row.slug), String(row.id));
  }
  const studios = new Map<string, { developed: number; published: number; founded: number }>();
  let inserted = 0;
  const seriesGames: Array<{ id: string; base: number; launchDay: number | null; trend: number }> = [];
  let rows: unknown[][] = [];
  const columns = [
    "id",
    "slug",
    "name",
    "normalized_name",
    "summary",
    "genres",
    "tags",
    "platforms",
    "developer",
    "publisher",
    "release_date",
    "release_year",
    "price",
    "rating",
    "rating_count",
    "current_players",
    "owners_estimate",
    "positive_reviews",
    "negative_reviews",
    "popularity",
    "is_demo",
    "created_at",
    "updated_at",
  ];
  // Each 1,000 games in one write transaction, 500 to a statement: full statements share one prepared
  // statement on the bulk-write connection (docs/decisions/017-bulk-catalog-writes.md).
  const flush = async () => {
    if (!rows.length) return;
    const part = rows;
    rows = [];
    inserted += await withBusyRetry(() =>
      writeTransaction(function* () {
        let changed = 0;
        for (let i = 0; i < part.length; i += 500) {
          const chunk = part.slice(i, i + 500);
          changed += yield* run(
            `INSERT INTO games (${columns.join(",")}) VALUES ${chunk.map(() => `(${columns.map(() => "?").join(",")})`).join(",")}
              ON CONFLICT (id) DO NOTHING`,
            chunk.flat(),
          );
        }
        return changed;
      }),
    );
  };

  for (let rank = 1; rank <= count; rank++) {
    const id = `demo-${options.seed ?? 20261122}-${rank}`;
    let name = `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}${pick(rand, SUFFIXES)}`;
    let slug = slugify(name);
    if (slugOwner.has(slug) && slugOwner.get(slug) !== id) {
      name = `${name} ${rank}`;
      slug = slugify(name);
      if (slugOwner.has(slug) && slugOwner.get(slug) !== id) slug = `${slug}-${id}`;
    }
    slugOwner.set(slug, id);
    // Zipf-like popularity: rank 1 has ~800k concurrent players, rank 1000 ~500.
    const base = Math.max(5, Math.round(800_000 * rank ** -1.07 * (0.6 + rand() * 0.8)));
    const ageDays = rank <= 40 && rand() < 0.25 ? Math.floor(rand() * 30) : Math.floor(rand() * 3650);
    const release = new Date(day0 - ageDays * DAY);
    const genres = pickSome(rand, GENRES, 1, 3);
    const free = rand() < 0.15;
    const price = free ? 0 : pick(rand, PRICES);
    const reviews = Math.round(base * (1 + rand() * 5));
    const positiveShare = 0.55 + rand() * 0.43;
    const positive = Math.round(reviews * positiveShare);
    const owners = Math.round(base * (20 + rand() * 80));
    const studio = `${pick(rand, STUDIO_A)} ${pick(rand, STUDIO_B)} ${pick(rand, STUDIO_C)}`;
    const publisher = rand() < 0.6 ? studio : `${pick(rand, STUDIO_A)} ${pick(rand, STUDIO_B)} Publishing`;
    for (const [company, role] of [
      [studio, "developed"],
      [publisher, "published"],
    ] as const) {
      const entry = studios.get(company) ?? { developed: 0, published: 0, founded: 0 };
      entry[role]++;
      // Founded before its first game, on a date derived from the name alone.
      entry.founded ||= 1985 + ((normalizeName(company).length * 7 + company.charCodeAt(0)) % 35);
      studios.set(company, entry);
    }
    const row: Record<string, unknown> = {
      id,
      slug,
      name,
      normalized_name: normalizeName(name),
      summary: `A ${genres.join("/").toLowerCase()} game by ${studio}. Demo data: generated, not a real title.`,
      genres: JSON.stringify(genres),
      tags: JSON.stringify(pickSome(rand, TAGS, 2, 5).concat(free ? ["Free to Play"] : [])),
      platforms: JSON.stringify(["PC", ...pickSome(rand, PLATFORMS, 0, 3).filter((p) => p !== "PC")]),
      developer: studio,
      publisher,
      release_date: release.toISOString().slice(0, 10),
      release_year: release.getUTCFullYear(),
      price,
      rating: Math.round(positiveShare * 1000) / 10,
      rating_count: reviews,
      current_players: base,
      owners_estimate: owners,
      positive_reviews: positive,
      negative_reviews: reviews - positive,
      is_demo: 1,
      created_at: Date.now(),
      updated_at: Date.now(),
    };
    row.popularity = popularityOf(row);
    rows.push(columns.map((c) => row[c]));
    if (rank <= SERIES_GAMES) {
      seriesGames.push({
        id,
        base,
        launchDay: ageDays < SERIES_DAYS ? SERIES_DAYS - ageDays : null,
        trend: (rand() - 0.45) * 0.8,
      });
    }
    if (rows.length >= 1000) await flush();
  }
  await flush();

  // Daily player series for the most popular games.
  let points = 0;
  let batch: Array<{ sql: string; args: unknown[] }> = [];
  const writeSeries = (statements: Array<{ sql: string; args: unknown[] }>) =>
    withBusyRetry(() =>
      writeTransaction(function* () {
        for (const st of statements) yield* run(st.sql, st.args);
      }),
    );
  for (const g of seriesGames) {
    const values: unknown[] = [];
    const sale = Math.floor(rand() * SERIES_DAYS);
    for (let d = 0; d < SERIES_DAYS; d++) {
      if (g.launchDay != null && d < g.launchDay) continue;
      const ts = day0 - (SERIES_DAYS - 1 - d) * DAY;
      const weekday = new Date(ts).getUTCDay();
      const weekly = weekday === 0 || weekday === 6 ? 1.18 : weekday === 5 ? 1.06 : 0.95;
      const drift = 1 + g.trend * ((d - SERIES_DAYS / 2) / SERIES_DAYS);
      const launch = g.launchDay != null ? 1 + 2.5 * Math.exp(-(d - g.launchDay) / 6) : 1;
      const onSale = d >= sale && d < sale + 5 ? 1.3 : 1;
      const noise = 0.93 + rand() * 0.14;
      const value = Math.max(1, Math.round(g.base * weekly * drift * launch * onSale * noise));
      values.push(g.id, "players", ts, value, "day", DEMO_SOURCE);
      points++;
    }
    if (values.length) {
      batch.push({
        sql: `INSERT OR IGNORE INTO game_metrics (game_id, metric, ts, value, period, source) VALUES ${Array.from({ length: values.length / 6 }, () => "(?,?,?,?,?,?)").join(",")}`,
        args: values,
      });
    }
    if (batch.length >= 50) {
      await writeSeries(batch);
      batch = [];
    }
  }
  if (batch.length) await writeSeries(batch);
  // The latest daily figure is the game's current player count, and popularity follows it.
  const ids = seriesGames.map((g) => g.id);
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const marks = placeholders(part.length);
    await client.execute({
      sql: `UPDATE games SET current_players = (SELECT value FROM game_metrics m WHERE m.game_id = games.id AND m.metric = 'players' ORDER BY ts DESC LIMIT 1)
            WHERE id IN (${marks}) AND EXISTS (SELECT 1 FROM game_metrics m WHERE m.game_id = games.id AND m.metric = 'players')`,
      args: part,
    });
    const rs = await client.execute({ sql: `SELECT * FROM games WHERE id IN (${marks})`, args: part });
    const updates: InStatement[] = rs.rows
      .map((row) => ({ id: String(row.id), old: Number(row.popularity), now: popularityOf(row as never) }))
      .filter((r) => r.old !== r.now)
      .map((r) => ({ sql: "UPDATE games SET popularity = ? WHERE id = ?", args: [r.now, r.id] }));
    if (updates.length) await client.batch(updates, "write");
  }
  await upsertPlatforms(REFERENCE_PLATFORMS);
  await upsertCompanies(
    [...studios].map(
      ([name, s]): CompanyRecord => ({
        name,
        startDate: `${s.founded}-01-01`,
        description: DEMO_COMPANY_NOTE,
        developedCount: s.developed,
        publishedCount: s.published,
      }),
    ),
  );
  noteDemoDataSeeded();
  if (inserted > 0) markCatalogChanged();
  return { games: count, inserted, points, ms: Date.now() - started };
}

/** `DEMO_DATA=on`: seed only an empty catalog (demo rows never mix with real ones). */
export async function seedDemoIfEmpty(games = DEFAULT_DEMO_GAMES): Promise<DemoResult | null> {
  const rs = await rawClient().execute("SELECT count(*) AS n FROM games");
  if (Number(rs.rows[0]?.n ?? 0) > 0) return null;
  return seedDemoData({ games });
}

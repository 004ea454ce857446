import { describe, expect, test } from "vitest";
import {
  type GameNotification,
  NOTIFICATIONS_KEPT,
  type Notification,
  type NotificationList,
  PLAYER_SPIKE_BASELINE_DAYS,
  PLAYER_SPIKE_MIN_DAYS,
  PLAYER_SPIKE_RATIO,
} from "../../src/contracts/notifications.ts";
import { deliverNewNotifications } from "../../src/server/accounts/notifications.ts";
import { CONVERTED_PRICE_SOURCES } from "../../src/server/catalog/source-names.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { connectAs, eventually, socketServerForFile } from "../helpers/socket-server.ts";

/**
 * Settings → Notifications take effect: a tracked game's price change, a new release date or a
 * player spike gives its watchers a notification (migration 0022's triggers), as their settings ask,
 * listed by GET /api/user/notifications and sent live on the `notifications` channel.
 */
const sockets = socketServerForFile();
const DAY = 86_400_000;

let appid = 770_000;
async function game(record: {
  name: string;
  price?: number | null;
  releaseDate?: string | null;
  isDemo?: boolean;
}) {
  const { ids } = await upsertGames([{ steamAppId: ++appid, ...record }], "test");
  return { id: ids[0]!, steamAppId: appid, name: record.name };
}

/** Writes a game's new price as an import or sync does (through the catalog's writer). */
async function setPrice(g: { steamAppId: number; name: string }, price: number) {
  await upsertGames([{ steamAppId: g.steamAppId, name: g.name, price }], "test");
}

const track = (user: TestUser, gameId: string) =>
  request("/api/user/games", { method: "POST", cookie: user.cookie, json: { gameId } });

async function settings(user: TestUser, notifications: Record<string, boolean>) {
  const res = await request("/api/user/settings", {
    method: "PATCH",
    cookie: user.cookie,
    json: { notifications },
  });
  expect(res.status).toBe(200);
}

async function list(user: TestUser): Promise<NotificationList> {
  const res = await request("/api/user/notifications", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationList;
}

const forGame = async (user: TestUser, gameId: string) =>
  (await list(user)).notifications.filter((n): n is GameNotification => n.game?.id === gameId);

describe("price alerts", () => {
  test("a tracked game's new price tells its watchers, as their settings ask", async () => {
    const g = await game({ name: "Price Watch One", price: 19.99 });
    const watcher = await createTestUser();
    const off = await createTestUser();
    const bystander = await createTestUser();
    await track(watcher, g.id);
    await track(off, g.id);
    await settings(off, { priceAlerts: false });

    await setPrice(g, 14.99);

    const [alert] = await forGame(watcher, g.id);
    expect(alert).toMatchObject({
      kind: "price",
      game: { id: g.id, name: "Price Watch One" },
      price: { from: 19.99, to: 14.99 },
      read: false,
    });
    expect(Date.parse(alert!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(watcher)).unread).toBe(1);
    expect(await forGame(off, g.id)).toEqual([]);
    expect(await forGame(bystander, g.id)).toEqual([]);
  });

  test("no alert for a first price, a change of less than a cent, or a generated demo game", async () => {
    const unpriced = await game({ name: "Price Watch Unknown", price: null });
    const priced = await game({ name: "Price Watch Cents", price: 9.99 });
    const demo = await game({ name: "Price Watch Demo", price: 5, isDemo: true });
    const user = await createTestUser();
    for (const g of [unpriced, priced, demo]) await track(user, g.id);
    await setPrice(unpriced, 4.99);
    await rawClient().execute({
      sql: "UPDATE games SET price = 9.99 + 1e-9 WHERE id = ?",
      args: [priced.id],
    });
    await rawClient().execute({ sql: "UPDATE games SET price = 1 WHERE id = ?", args: [demo.id] });
    expect((await list(user)).notifications).toEqual([]);
  });

  test("a newer price point sets the price with its source and time, which the alert records", async () => {
    const g = await game({ name: "Price Watch Sourced", price: 29.99 });
    const user = await createTestUser();
    await track(user, g.id);
    const today = new Date(Math.floor(Date.now() / DAY) * DAY);
    await recordMetrics([
      { gameId: g.id, metric: "price", ts: today, value: 0, period: "instant", source: "steamspy-api" },
    ]);
    const [alert] = await forGame(user, g.id);
    expect(alert).toMatchObject({ kind: "price", price: { from: 29.99, to: 0, fromConverted: false } });
    expect(alert!.provenance).toEqual({
      source: "Steam via SteamSpy",
      asOf: today.toISOString(),
      method: "SteamSpy's US price in cents, in dollars",
    });
  });
});

/** A dataset's price for a game, as its importer writes it: the game's figures, then its series point. */
async function importPrice(
  g: { steamAppId: number; name: string; id: string },
  price: number,
  source: string,
  asOf: Date,
) {
  await upsertGames([{ steamAppId: g.steamAppId, name: g.name, price, asOf }], source);
  await recordMetrics([{ gameId: g.id, metric: "price", ts: asOf, value: price, period: "instant", source }]);
}

// Review 7, item 3: an alert's source and date were worked out again at every read, so a later import
// erased one alert's source and gave another the later file's date.
test("an alert keeps the source and date of its price as they were when it was made", async () => {
  const g = await game({ name: "Price Watch Kept" });
  const jan = new Date(Date.UTC(2023, 0, 15));
  const jun = new Date(Date.UTC(2023, 5, 1));
  const jul = new Date(Date.UTC(2023, 6, 1));
  await importPrice(g, 9.99, "steamspy-csv", jan);
  const user = await createTestUser();
  await track(user, g.id);

  await importPrice(g, 4.99, "steamspy-csv", jun);
  const [cut] = await forGame(user, g.id);
  const dataset = {
    source: "Steam via SteamSpy (dataset)",
    method: "SteamSpy's US price in cents, in dollars",
  };
  expect(cut).toMatchObject({
    price: { from: 9.99, to: 4.99, fromConverted: false },
    provenance: { ...dataset, asOf: jun.toISOString() },
    earlier: { ...dataset, asOf: jan.toISOString() },
  });

  await importPrice(g, 9.99, "steamspy-csv", jul);
  const [back, before] = await forGame(user, g.id);
  expect(back).toMatchObject({
    price: { from: 4.99, to: 9.99 },
    provenance: { ...dataset, asOf: jul.toISOString() },
    earlier: { ...dataset, asOf: jun.toISOString() },
  });
  expect(before).toEqual(cut);
});

// Review 8 (d), item 3: the new price's source was recorded only when it differed from the earlier
// price's, so a change by the same source on the same day (two syncs, a re-import without --as-of) read
// "the price was written without its source".
test("a price changed by the same source on the same day carries that source and date", async () => {
  const g = await game({ name: "Price Watch Same Day" });
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  await importPrice(g, 9.99, "steamspy-csv", today);
  const user = await createTestUser();
  await track(user, g.id);
  await importPrice(g, 4.99, "steamspy-csv", today);
  const dataset = {
    source: "Steam via SteamSpy (dataset)",
    asOf: today.toISOString(),
    method: "SteamSpy's US price in cents, in dollars",
  };
  const [alert] = await forGame(user, g.id);
  expect(alert).toMatchObject({
    price: { from: 9.99, to: 4.99, fromConverted: false },
    provenance: dataset,
    earlier: dataset,
  });
});

test("a price without a recorded source names none; an alert made before sources were kept names none", async () => {
  const g = await game({ name: "Price Watch Unsourced", price: 19.99 });
  const user = await createTestUser();
  await track(user, g.id);
  await recordMetrics([
    {
      gameId: g.id,
      metric: "price",
      ts: new Date(),
      value: 14.99,
      period: "instant",
      source: "steamspy-api",
    },
  ]);
  // A price stored before migration 0024 and matched to no price point has no source: its next
  // change names the earlier price's source, and none for the new one (every writer of the price sets
  // its source with it, so the row's source is the new price's whenever it has one).
  await rawClient().execute({
    sql: "UPDATE games SET price_source = NULL, price_at = NULL WHERE id = ?",
    args: [g.id],
  });
  await rawClient().execute({ sql: "UPDATE games SET price = 12.99 WHERE id = ?", args: [g.id] });
  const [unsourced] = await forGame(user, g.id);
  expect(unsourced).toMatchObject({
    price: { from: 14.99, to: 12.99 },
    provenance: null,
    earlier: null,
  });
  // A notification made before migration 0024 carries prices only; the price series holds 14.99 now,
  // and it is not taken for that alert's source.
  await rawClient().execute({
    sql: "INSERT INTO notifications (user_id, game_id, kind, detail) VALUES (?, ?, 'price', ?)",
    args: [user.user.id, g.id, JSON.stringify({ from: 19.99, to: 14.99 })],
  });
  const [legacy] = await forGame(user, g.id);
  expect(legacy).toMatchObject({
    price: { from: 19.99, to: 14.99, fromConverted: false },
    provenance: null,
    earlier: null,
  });
});

// Review 7, item 7: the Steam Store snapshot's £6.99 converted at 1.27 ($8.88) against SteamSpy's US
// $9.99 alerted, though only the currency differed.
test("a converted price and a listed US price are compared only when one of them is free", async () => {
  const may2019 = new Date(Date.UTC(2019, 4, 1));
  const jan2023 = new Date(Date.UTC(2023, 0, 15));
  const terraria = await game({ name: "Price Watch Converted" });
  const freed = await game({ name: "Price Watch Freed" });
  const snapshots = await game({ name: "Price Watch Two Snapshots" });
  for (const g of [terraria, freed, snapshots]) await importPrice(g, 8.88, "steam-store-csv", may2019);
  const user = await createTestUser();
  for (const g of [terraria, freed, snapshots]) await track(user, g.id);

  await importPrice(terraria, 9.99, "steamspy-csv", jan2023);
  await importPrice(freed, 0, "steamspy-csv", jan2023);
  await importPrice(snapshots, 6.34, "steam-store-csv", jan2023);

  expect(await forGame(user, terraria.id)).toEqual([]);
  const [free] = await forGame(user, freed.id);
  expect(free).toMatchObject({
    price: { from: 8.88, to: 0, fromConverted: true },
    earlier: { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: may2019.toISOString() },
  });
  expect(free?.kind === "price" && free.earlier?.method).toMatch(/GBP price converted at 1\.27/);
  const [both] = await forGame(user, snapshots.id);
  expect(both).toMatchObject({ price: { from: 8.88, to: 6.34, fromConverted: true } });
  // The catalog takes the newer price all the same: only the alert is held back.
  const res = await request(`/api/games/${terraria.id}`, { cookie: user.cookie });
  expect(((await res.json()) as { price: number }).price).toBe(9.99);
});

describe("game updates", () => {
  test("an upcoming release date set for a tracked game tells its watchers; an old date does not", async () => {
    const upcoming = await game({ name: "Release Watch Soon" });
    const old = await game({ name: "Release Watch Old" });
    const user = await createTestUser();
    const off = await createTestUser();
    for (const u of [user, off]) for (const g of [upcoming, old]) await track(u, g.id);
    await settings(off, { gameUpdates: false });
    const soon = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    await upsertGames(
      [
        { steamAppId: upcoming.steamAppId, name: upcoming.name, releaseDate: soon },
        { steamAppId: old.steamAppId, name: old.name, releaseDate: "2012-08-21" },
      ],
      "test",
    );
    const notes = (await list(user)).notifications;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: "release_date",
      game: { id: upcoming.id },
      releaseDate: { from: null, to: soon },
      provenance: null,
    });
    expect((await list(off)).notifications).toEqual([]);
  });

  test("a player count 1.5 times the game's average of the 7 days before is a spike, once a day", async () => {
    const g = await game({ name: "Spike Watch" });
    const user = await createTestUser();
    const off = await createTestUser();
    await track(user, g.id);
    await track(off, g.id);
    await settings(off, { gameUpdates: false });
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    // Five days before today, 1,000 players a day on average (two counts each).
    await recordMetrics(
      [1, 2, 3, 4, 5].flatMap((d) => [
        {
          gameId: g.id,
          metric: "players" as const,
          ts: new Date(today - d * DAY),
          value: 900,
          source: "steam-api",
        },
        {
          gameId: g.id,
          metric: "players" as const,
          ts: new Date(today - d * DAY + 3_600_000),
          value: 1100,
          source: "steam-api",
        },
      ]),
    );
    // History is no news, and neither is a count under 1.5 times the average.
    expect(await forGame(user, g.id)).toEqual([]);
    await recordMetrics([
      { gameId: g.id, metric: "players", ts: new Date(today), value: 1400, source: "steam-api" },
    ]);
    expect(await forGame(user, g.id)).toEqual([]);
    // Another source's counts are compared with that source's own days, of which there are none.
    await recordMetrics([
      { gameId: g.id, metric: "players", ts: new Date(today + 60_000), value: 5000, source: "steamspy-api" },
    ]);
    expect(await forGame(user, g.id)).toEqual([]);

    const spikeAt = new Date(today + 120_000);
    await recordMetrics([{ gameId: g.id, metric: "players", ts: spikeAt, value: 1600, source: "steam-api" }]);
    const [spike] = await forGame(user, g.id);
    expect(spike).toMatchObject({
      kind: "players",
      players: { metric: "players", value: 1600, average: 1000, days: 5, at: spikeAt.toISOString() },
      provenance: { source: "Steam", asOf: spikeAt.toISOString() },
    });
    // A higher count the same day makes no second notification.
    await recordMetrics([
      { gameId: g.id, metric: "players", ts: new Date(today + 180_000), value: 3000, source: "steam-api" },
    ]);
    expect(await forGame(user, g.id)).toHaveLength(1);
    expect(await forGame(off, g.id)).toEqual([]);
  });

  test("a spike dated before the last two days is history, not news", async () => {
    const g = await game({ name: "Spike Watch Old" });
    const user = await createTestUser();
    await track(user, g.id);
    const day = Math.floor(Date.now() / DAY) * DAY - 30 * DAY;
    await recordMetrics(
      [1, 2, 3, 4].map((d) => ({
        gameId: g.id,
        metric: "players_peak" as const,
        ts: new Date(day - d * DAY),
        value: 100,
        source: "steamspy-api",
      })),
    );
    await recordMetrics([
      { gameId: g.id, metric: "players_peak", ts: new Date(day), value: 900, source: "steamspy-api" },
    ]);
    expect(await forGame(user, g.id)).toEqual([]);
  });
});

describe("reading and marking read", () => {
  test("marking up to an id leaves later ones unread, and touches no one else's", async () => {
    const g = await game({ name: "Read Watch", price: 10 });
    const a = await createTestUser();
    const b = await createTestUser();
    await track(a, g.id);
    await track(b, g.id);
    await setPrice(g, 11);
    await setPrice(g, 12);
    const before = await list(a);
    expect(before.unread).toBe(2);
    const [newest, older] = before.notifications as [Notification, Notification];
    expect(newest.id).toBeGreaterThan(older.id);
    expect(newest).toMatchObject({ price: { from: 11, to: 12 } });

    const res = await request("/api/user/notifications/read", {
      method: "POST",
      cookie: a.cookie,
      json: { upTo: older.id },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unread: 1 });
    expect((await list(a)).notifications.map((n) => n.read)).toEqual([false, true]);
    // b's copy of the same change is b's own.
    const [bNewest] = (await list(b)).notifications as [Notification];
    expect(bNewest.id).not.toBe(newest.id);
    const res2 = await request("/api/user/notifications/read", {
      method: "POST",
      cookie: b.cookie,
      json: { upTo: bNewest.id },
    });
    expect(await res2.json()).toEqual({ unread: 0 });
    expect((await list(a)).unread).toBe(1);
  });

  test.each([
    [{ upTo: "7" }, "upTo"],
    [{ upTo: 0 }, "upTo"],
    [{}, "upTo"],
    [{ upTo: 3, all: true }, "all"],
  ])("422 for %j names %s", async (json, field) => {
    const user = await createTestUser();
    const res = await request("/api/user/notifications/read", { method: "POST", cookie: user.cookie, json });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test("signed out: 401", async () => {
    expect((await request("/api/user/notifications")).status).toBe(401);
    expect(
      (await request("/api/user/notifications/read", { method: "POST", json: { upTo: 1 } })).status,
    ).toBe(401);
  });

  test("a user keeps their newest 200", async () => {
    const g = await game({ name: "Many Changes", price: 1 });
    const user = await createTestUser();
    await track(user, g.id);
    for (let i = 2; i <= 206; i++)
      await rawClient().execute({ sql: "UPDATE games SET price = ? WHERE id = ?", args: [i, g.id] });
    const kept = await rawClient().execute({
      sql: "SELECT min(json_extract(detail, '$.to')) AS first, count(*) AS n FROM notifications WHERE user_id = ?",
      args: [user.user.id],
    });
    expect({ ...kept.rows[0] }).toEqual({ first: 7, n: 200 });
  });
});

describe("live delivery", () => {
  const connect = (user: TestUser) => connectAs(sockets.host, user.cookie);

  test("a new notification reaches its user's subscribed sockets, and only theirs", async () => {
    const g = await game({ name: "Live Watch", price: 20 });
    const alice = await createTestUser();
    const bob = await createTestUser();
    const carol = await createTestUser();
    const dave = await createTestUser();
    for (const u of [alice, bob, dave]) await track(u, g.id);
    await settings(dave, { priceAlerts: false });
    // Where the table stands now: what was made before is not sent again.
    await deliverNewNotifications();
    const clients = [alice, bob, carol, dave].map(connect);
    await Promise.all(clients.map((c) => c.opened));
    for (const c of clients) c.ws.send(JSON.stringify({ type: "subscribe", channels: ["notifications"] }));
    await eventually(() => clients.every((c) => c.messages.some((m) => m.type === "subscription_confirmed")));
    expect(clients[0]!.messages.find((m) => m.type === "subscription_confirmed")?.channels).toEqual([
      "notifications",
    ]);

    await setPrice(g, 15);
    await deliverNewNotifications();
    const updates = (c: (typeof clients)[number]) =>
      c.messages.filter((m) => m.type === "channel_update") as Array<{
        channel: string;
        data: { notifications: Notification[] };
      }>;
    await eventually(() => updates(clients[0]!).length > 0 && updates(clients[1]!).length > 0);
    await new Promise((r) => setTimeout(r, 100));
    const [a, b, c, d] = clients.map(updates) as [
      ReturnType<typeof updates>,
      ReturnType<typeof updates>,
      ReturnType<typeof updates>,
      ReturnType<typeof updates>,
    ];
    // Each watcher hears once, of their own notification (its id is theirs: it marks theirs read).
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]!.channel).toBe("notifications");
    expect(a[0]!.data.notifications).toEqual((await list(alice)).notifications);
    expect(b[0]!.data.notifications).toEqual((await list(bob)).notifications);
    expect(a[0]!.data.notifications[0]).toMatchObject({ kind: "price", price: { from: 20, to: 15 } });
    // Carol tracks nothing, Dave asked for no price alerts.
    expect(c).toEqual([]);
    expect(d).toEqual([]);
    for (const client of clients) client.ws.close();
  });
});

test("the price alert trigger holds back the same converted sources the screens mark converted", async () => {
  const trigger = await Bun.file(
    new URL("../../migrations/0024_notification-provenance.sql", import.meta.url),
  ).text();
  const named = [...trigger.matchAll(/price_source = '([^']+)'/g)].map((m) => m[1]);
  expect(new Set(named)).toEqual(new Set(CONVERTED_PRICE_SOURCES));
});

test("the rules the Settings screen states are the ones migration 0022's triggers apply", async () => {
  const sql = await Bun.file(new URL("../../migrations/0022_notifications.sql", import.meta.url)).text();
  expect(sql).toContain(`new.value >= ${PLAYER_SPIKE_RATIO} * b.average`);
  expect(sql).toContain(`b.days >= ${PLAYER_SPIKE_MIN_DAYS}`);
  const baseline = Array.from(
    { length: PLAYER_SPIKE_BASELINE_DAYS },
    (_, i) => `new.ts / 86400000 - ${i + 1}`,
  );
  for (const day of baseline) expect(sql).toContain(day);
  expect(sql).not.toContain(`new.ts / 86400000 - ${PLAYER_SPIKE_BASELINE_DAYS + 1}`);
  expect(sql).toContain(`LIMIT 1 OFFSET ${NOTIFICATIONS_KEPT}`);
});

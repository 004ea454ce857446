import { beforeAll, describe, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { connectAs, eventually, socketServerForFile } from "../helpers/socket-server.ts";

const sockets = socketServerForFile();

let alice: TestUser;
let bob: TestUser;
let ids: string[];

beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser();
  ({ ids } = await upsertGames(
    [
      {
        name: "Small Rocket",
        genres: ["Indie"],
        platforms: ["PC"],
        price: 9.99,
        coverUrl: "https://images.example/rocket.jpg",
      },
      { name: "Huge Grower", genres: ["Action"], platforms: ["PC"], price: 59.99 },
    ],
    "test",
  ));
});

const track = (user: TestUser, json: unknown) =>
  request("/api/user/games", { method: "POST", cookie: user.cookie, json });
const list = async (user: TestUser) =>
  (await (await request("/api/user/games", { cookie: user.cookie })).json()) as Array<
    Record<string, unknown>
  >;
const remove = (user: TestUser, gameId: string) =>
  request(`/api/user/watchlist/${encodeURIComponent(gameId)}`, { method: "DELETE", cookie: user.cookie });

test("add answers 201 with the entry; adding twice answers 200 and keeps one entry", async () => {
  const first = await track(alice, {
    gameId: ids[0],
    gameName: "Small Rocket",
    imageUrl: null,
    isWatchlisted: true,
  });
  expect(first.status).toBe(201);
  expect(await first.json()).toMatchObject({ gameId: ids[0], gameName: "Small Rocket", isWatchlisted: true });
  const again = await track(alice, { gameId: ids[0] });
  expect(again.status).toBe(200);
  expect(await list(alice)).toHaveLength(1);
});

test("the list joins each entry with the catalog (spec §3 user game)", async () => {
  // The name and image sent by the client do not override the catalog's own.
  await track(alice, { gameId: ids[1], gameName: "Something Else", imageUrl: "https://evil.example/x.png" });
  const entries = await list(alice);
  expect(entries.map((e) => e.gameName)).toEqual(["Huge Grower", "Small Rocket"]); // newest first
  expect(entries[1]).toMatchObject({
    gameId: ids[0],
    gameName: "Small Rocket",
    imageUrl: "https://images.example/rocket.jpg",
    isWatchlisted: true,
    platform: "PC",
    genre: "Indie",
    price: 9.99,
    playTime: null,
    lastPlayed: null,
    addedAt: expect.any(String),
  });
  expect(entries[0]!.imageUrl).toBeNull();
});

test("remove answers 204; removing again, or something never tracked, is 404", async () => {
  expect((await remove(alice, ids[1]!)).status).toBe(204);
  expect((await list(alice)).map((e) => e.gameId)).toEqual([ids[0]]);
  expect((await remove(alice, ids[1]!)).status).toBe(404);
  expect((await remove(alice, "no-such-game")).status).toBe(404);
});

test("an unknown game is 404; a bad body is 422 naming the field; not JSON is 415", async () => {
  expect((await track(alice, { gameId: "no-such-game" })).status).toBe(404);
  const bad = await track(alice, { gameId: 42 });
  expect(bad.status).toBe(422);
  // A wrong type says so; a missing id is required, as an empty one is.
  expect((await bad.json()).errors[0]).toMatchObject({ field: "gameId", message: "A game id, as text" });
  const missing = await track(alice, {});
  expect(missing.status).toBe(422);
  expect((await missing.json()).errors[0]).toMatchObject({ field: "gameId", message: "Required: a game id" });
  const text = await request("/api/user/games", {
    method: "POST",
    cookie: alice.cookie,
    body: "gameId=x",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(text.status).toBe(415);
});

test("gameId faults each have their own message, the same on add and remove; a 404 names gameId", async () => {
  const fault = async (res: Response) => {
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toHaveLength(1);
    return body.errors[0];
  };
  expect(await fault(await track(alice, { gameId: "" }))).toEqual({
    field: "gameId",
    message: "Required: a game id",
  });
  expect(await fault(await track(alice, { gameId: "   " }))).toMatchObject({
    message: "Required: a game id",
  });
  const long = "x".repeat(5000);
  expect(await fault(await track(alice, { gameId: long }))).toEqual({
    field: "gameId",
    message: "At most 100 characters",
  });
  expect(await fault(await remove(alice, long))).toEqual({
    field: "gameId",
    message: "At most 100 characters",
  });

  // Unknown on add, not tracked on remove: 404 problem JSON with the field at fault.
  for (const res of [await track(alice, { gameId: "no-such-game" }), await remove(alice, "no-such-game")]) {
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = await res.json();
    expect(body.errors).toEqual([{ field: "gameId", message: body.detail }]);
  }
});

test("one user's watchlist is not another's", async () => {
  await track(bob, { gameId: ids[1] });
  expect((await list(alice)).map((e) => e.gameId)).toEqual([ids[0]]);
  expect((await remove(alice, ids[1]!)).status).toBe(404);
  expect((await list(bob)).map((e) => e.gameId)).toEqual([ids[1]]);
});

test("anonymous requests are 401 on every watchlist route", async () => {
  expect((await request("/api/user/games")).status).toBe(401);
  expect((await request("/api/user/games", { method: "POST", json: { gameId: ids[0] } })).status).toBe(401);
  expect((await request(`/api/user/watchlist/${ids[0]}`, { method: "DELETE" })).status).toBe(401);
});

test("steam-<appid> names a game as it does on /api/games/:id: add, then remove by it", async () => {
  const carol = await createTestUser();
  const { ids: steamIds } = await upsertGames(
    [{ name: "Counter-Strike: Global Offensive", steamAppId: 730, genres: ["Action"], platforms: ["PC"] }],
    "test",
  );
  expect((await request("/api/games/steam-730", { cookie: carol.cookie })).status).toBe(200);
  const added = await track(carol, { gameId: "steam-730" });
  expect(added.status).toBe(201);
  expect(await added.json()).toMatchObject({
    gameId: steamIds[0],
    gameName: "Counter-Strike: Global Offensive",
  });
  // The same game by its catalog id is the same entry.
  expect((await track(carol, { gameId: steamIds[0] })).status).toBe(200);
  expect((await list(carol)).map((e) => e.gameId)).toEqual([steamIds[0]]);
  expect((await remove(carol, "steam-730")).status).toBe(204);
  expect(await list(carol)).toEqual([]);
  expect((await remove(carol, "steam-730")).status).toBe(404);
  // An app id the catalog does not hold is unknown, as on the game page.
  expect((await track(carol, { gameId: "steam-999999" })).status).toBe(404);
});

test("isWatchlisted: adding sets it true (spec §4); false is 422 naming the field, never ignored", async () => {
  const dave = await createTestUser();
  for (const isWatchlisted of [false, "yes"]) {
    const res = await track(dave, { gameId: ids[0], isWatchlisted });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toEqual(["isWatchlisted"]);
  }
  expect(await list(dave)).toEqual([]);
  expect((await track(dave, { gameId: ids[0] })).status).toBe(201);
  // Already tracked: false still does not pass for a change it would not make.
  const again = await track(dave, { gameId: ids[0], isWatchlisted: false });
  expect(again.status).toBe(422);
  expect((await list(dave)).map((e) => e.isWatchlisted)).toEqual([true]);
});

describe("a change reaches the user's other open screens", () => {
  const connect = (user: TestUser) => connectAs(sockets.host, user.cookie);
  const updates = (c: ReturnType<typeof connect>) =>
    c.messages.filter((m) => m.type === "channel_update").map((m) => [m.channel, m.data]);

  test("track and untrack are published on the user's own channel: both of their sockets hear, no one else's", async () => {
    const {
      ids: [gameId],
    } = await upsertGames([{ name: "Two Tabs Game", genres: ["Indie"], platforms: ["PC"] }], "test");
    const carol = await createTestUser();
    const dave = await createTestUser();
    // Carol has the app open in two tabs (two sockets); Dave in one.
    const clients = [connect(carol), connect(carol), connect(dave)];
    await Promise.all(clients.map((c) => c.opened));
    for (const c of clients) c.ws.send(JSON.stringify({ type: "subscribe", channels: ["notifications"] }));
    await eventually(() => clients.every((c) => c.messages.some((m) => m.type === "subscription_confirmed")));
    const [tabA, tabB, other] = clients as [
      ReturnType<typeof connect>,
      ReturnType<typeof connect>,
      ReturnType<typeof connect>,
    ];

    expect((await track(carol, { gameId })).status).toBe(201);
    const tracked = ["notifications", { watchlist: { change: "tracked", gameId } }];
    await eventually(() => updates(tabA).length === 1 && updates(tabB).length === 1);
    expect(updates(tabA)).toEqual([tracked]);
    expect(updates(tabB)).toEqual([tracked]);

    expect((await remove(carol, gameId!)).status).toBe(204);
    const untracked = ["notifications", { watchlist: { change: "untracked", gameId } }];
    await eventually(() => updates(tabA).length === 2 && updates(tabB).length === 2);
    expect(updates(tabB)).toEqual([tracked, untracked]);

    // A refused change (not in the watchlist) publishes nothing; Dave heard none of Carol's.
    expect((await remove(carol, gameId!)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 100));
    expect(updates(tabA)).toHaveLength(2);
    expect(updates(other)).toEqual([]);
    for (const c of clients) c.ws.close();
  });
});

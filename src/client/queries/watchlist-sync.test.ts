import { QueryClient } from "@tanstack/react-query";
import { expect, test } from "vitest";
import { refreshForUserMessage } from "./watchlist-sync.ts";

function cached(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const key of [
    ["/api/user/games"],
    ["/api/user/stats"],
    ["/api/games/trending"],
    ["/api/games/search", { q: "racer" }],
    ["/api/games", "g1"],
    ["/api/games", "g1", "series", { metric: "price", from: null }],
    ["/api/games", "g1", "estimates"],
    ["/api/games", "g2"],
    ["/api/games", { pageSize: 1 }],
    ["/api/user/settings"],
  ])
    queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

const invalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);

// Review 20 C, item 1: the bell had the new price while the watchlist card kept the old one.
test("a price alert makes the watchlist, the game's page and the lists of cards stale, nothing else", async () => {
  const queryClient = cached();
  await refreshForUserMessage(queryClient, {
    notifications: [
      { id: 7, kind: "price", game: { id: "g1", name: "Racer" }, price: { from: 4.99, to: 2.99 } },
    ],
  });
  expect(invalidated(queryClient)).toEqual([
    ["/api/user/games"],
    ["/api/games/trending"],
    ["/api/games/search", { q: "racer" }],
    ["/api/games", "g1"],
    ["/api/games", "g1", "series", { metric: "price", from: null }],
    ["/api/games", "g1", "estimates"],
  ]);
});

test("a watchlist change makes the watchlist and the stats stale; an empty or odd message nothing", async () => {
  const queryClient = cached();
  await refreshForUserMessage(queryClient, { notifications: [] });
  await refreshForUserMessage(queryClient, null);
  await refreshForUserMessage(queryClient, "x");
  expect(invalidated(queryClient)).toEqual([]);
  await refreshForUserMessage(queryClient, { watchlist: { change: "tracked", gameId: "g2" } });
  expect(invalidated(queryClient)).toEqual([["/api/user/games"], ["/api/user/stats"]]);
});

// Review r21 L9: an account notification (no game) made every list of cards and every search stale.
test("a notification about no game (an account's) makes nothing stale", async () => {
  const queryClient = cached();
  await refreshForUserMessage(queryClient, {
    notifications: [
      { id: 8, kind: "account", game: null, account: { event: "password_removed", provider: "google" } },
    ],
  });
  expect(invalidated(queryClient)).toEqual([]);
});

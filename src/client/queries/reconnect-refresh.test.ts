import { QueryClient } from "@tanstack/react-query";
import { expect, test } from "vitest";
import { notificationsQuery } from "./notifications.ts";
import { refreshAfterReconnect, SOCKET_FED_QUERY_KEYS } from "./reconnect-refresh.ts";

test("after a reconnect the notifications and the socket-fed figures are invalidated, nothing else", async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const key of SOCKET_FED_QUERY_KEYS) queryClient.setQueryData([...key], { cached: true });
  queryClient.setQueryData(["/api/user/settings"], { cached: true });
  await refreshAfterReconnect(queryClient);
  expect(queryClient.getQueryState(notificationsQuery.queryKey)?.isInvalidated).toBe(true);
  for (const key of SOCKET_FED_QUERY_KEYS) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(["/api/user/settings"])?.isInvalidated).toBe(false);
  expect(SOCKET_FED_QUERY_KEYS.map((k) => k[0])).toEqual(
    expect.arrayContaining([
      "/api/user/notifications",
      "/api/games/trending",
      "/api/analytics/overview",
      "/api/analytics/market-trends",
      // The maintenance banner's status: a change while the socket was down is not replayed (r31-c #5).
      "/api/status",
    ]),
  );
});

import { expect, test } from "vitest";
import { createQueryClient } from "./query-client.ts";
import { applyRefreshInterval } from "./refresh.ts";

test("the settings' data refresh interval becomes the live screens' refetch interval, and only theirs", () => {
  const client = createQueryClient();
  applyRefreshInterval(client, 60);
  expect(client.getQueryDefaults(["/api/games/trending"]).refetchInterval).toBe(60_000);
  expect(client.getQueryDefaults(["/api/analytics/overview"]).refetchInterval).toBe(60_000);
  expect(client.defaultQueryOptions({ queryKey: ["/api/games/search", { q: "x" }] }).refetchInterval).toBe(
    false,
  );
  applyRefreshInterval(client, 1800);
  expect(client.defaultQueryOptions({ queryKey: ["/api/games/trending"] }).refetchInterval).toBe(1_800_000);
});

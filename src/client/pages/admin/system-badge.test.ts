import { expect, test } from "vitest";
import type { AdminStats } from "../../../contracts/admin.ts";
import { systemBadge } from "./AdminPage.tsx";

const system = (over: Partial<AdminStats["system"]>): AdminStats["system"] => ({
  status: "ok",
  dbLatencyMs: 3,
  uptimeSeconds: 60,
  rssBytes: 1,
  heapUsedBytes: 1,
  totalMemoryBytes: 1,
  cpuCount: 2,
  loadAverage1m: 0,
  connections: 0,
  activeUsers: 0,
  version: "1.0.0",
  liveSources: { synced: 3, failing: [] },
  ...over,
});

const failing = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    source: `s${i}`,
    message: null,
    lastSyncAt: "2026-11-20T10:00:00Z",
  }));

// Review r25 #4: "System Online" beside a "Degraded" System Health card read as a contradiction.
test("the header's badge says when the app answers while live sources fail, as the health card does", () => {
  expect(systemBadge(system({}))).toEqual({ text: "System Online", variant: "success" });
  expect(systemBadge(system({ liveSources: { synced: 3, failing: failing(2) } }))).toEqual({
    text: "System Online · 2 live sources failing",
    variant: "warning",
  });
  expect(systemBadge(system({ liveSources: { synced: 1, failing: failing(1) } })).text).toBe(
    "System Online · 1 live source failing",
  );
  expect(systemBadge(system({ status: "degraded" }))).toEqual({
    text: "System Degraded: database slow",
    variant: "warning",
  });
});

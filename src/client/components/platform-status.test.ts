import { expect, test } from "vitest";
import type { PlatformConnection } from "../../contracts/sources.ts";
import { platformStatusRow } from "./PlatformStatusList.tsx";

const steam = (over: Partial<PlatformConnection>): PlatformConnection => ({
  id: "steam",
  name: "Steam",
  source: "Steam Web API",
  configured: true,
  missing: [],
  status: "connected",
  lastSync: "2026-11-20T10:00:00.000Z",
  lastSuccess: "2026-11-20T10:00:00.000Z",
  message: null,
  stored: { count: 27075, unit: "games" },
  schedule: null,
  ...over,
});

// Review r33-c #6: a customer read Steam "Available" after its sync failed, Epic and GOG "Last sync failed".
test("a failed sync reads 'Last sync failed' for every source and user; stored data is said to be still shown", () => {
  const failed = steam({ status: "error", lastSync: "2026-11-21T10:00:00.000Z" });
  for (const operator of [false, true]) {
    const row = platformStatusRow(failed, operator);
    expect(row.label, String(operator)).toBe("Last sync failed");
    expect(row.ok).toBe(false);
    expect(row.detail).toContain("27,075 games stored, still shown");
  }
  expect(
    platformStatusRow(steam({ status: "error", stored: { count: 0, unit: "games" } }), false).detail,
  ).not.toMatch(/still shown/);
  expect(platformStatusRow(steam({}), false)).toMatchObject({ label: "Available", ok: true });
  expect(platformStatusRow(steam({}), true)).toMatchObject({ label: "Connected", ok: true });
});

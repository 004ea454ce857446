import { expect, test } from "vitest";
import type { IgdbStatus } from "../../../contracts/sources.ts";
import { gamesDatabaseDescription, igdbStatusLabel, igdbStatusText } from "./GamesDatabasePage.tsx";

const status = (over: Partial<IgdbStatus>): IgdbStatus => ({
  status: "operational",
  authenticated: false,
  lastSync: null,
  lastSuccess: null,
  message: null,
  ...over,
});

test("operators read IGDB's configuration state; customers what the database answers from", () => {
  expect(igdbStatusText(status({}), true)).toBe("Not authenticated");
  expect(igdbStatusText(status({}), false)).toBe("Games from the catalog");
  expect(igdbStatusText(status({ lastSuccess: "2026-11-20T10:00:00.000Z" }), false)).toMatch(
    /^Games from the catalog; IGDB data as of Nov 20, 2026$/,
  );
  expect(igdbStatusText(status({ authenticated: true }), false)).toBe("Connected");
});

test("without IGDB keys the header says IGDB is not connected and the games come from the catalog", () => {
  const unset = status({ status: "not_configured" });
  expect(igdbStatusLabel(unset)).toBe("Not connected");
  expect(igdbStatusText(unset, true)).toBe(
    "Not authenticated (IGDB is not configured): games from the catalog",
  );
  expect(igdbStatusText(unset, false)).toBe("Games from the catalog");
  expect(igdbStatusLabel(status({}))).toBe("Operational");
  expect(igdbStatusLabel(status({ status: "degraded" }))).toBe("Degraded");
});

// Review r27-a #8: the header said "PlayStation and Xbox coverage: metadata via IGDB" while IGDB was
// not connected and those games came from the VGChartz sales files.
test("the header says where PlayStation and Xbox games come from, as IGDB's status stands", () => {
  expect(gamesDatabaseDescription(undefined)).toBe("Games, platforms and companies.");
  expect(gamesDatabaseDescription(status({ authenticated: true }))).toBe(
    "Games, platforms and companies. PlayStation and Xbox coverage: metadata via IGDB.",
  );
  expect(gamesDatabaseDescription(status({ status: "not_configured" }))).toBe(
    "Games, platforms and companies. IGDB is not connected: PlayStation and Xbox games come from the imported VGChartz sales datasets.",
  );
  expect(gamesDatabaseDescription(status({ lastSuccess: "2026-11-20T10:00:00.000Z" }))).toMatch(
    /^Games, platforms and companies\. IGDB is not connected: PlayStation and Xbox games come from the imported VGChartz sales datasets and IGDB's last sync \(Nov 20, 2026\)\.$/,
  );
});

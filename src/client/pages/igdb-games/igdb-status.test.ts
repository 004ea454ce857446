import { expect, test } from "vitest";
import type { IgdbStatus } from "../../../contracts/sources.ts";
import { igdbStatusText } from "./GamesDatabasePage.tsx";

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

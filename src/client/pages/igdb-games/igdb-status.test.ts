import { expect, test } from "vitest";
import type { Provenance } from "../../../contracts/provenance.ts";
import type { IgdbStatus } from "../../../contracts/sources.ts";
import { gamesDatabaseDescription, igdbStatusLabel, igdbStatusText } from "./GamesDatabasePage.tsx";

const SNAPSHOT: Provenance[] = [
  {
    source: "Steam Store Games (Kaggle, CC BY 4.0)",
    asOf: "2019-05-01T00:00:00.000Z",
    asOfPrecision: "month",
  },
];
const VGCHARTZ: Provenance[] = [...SNAPSHOT, { source: "VGChartz sales dataset (vgsales.csv)", asOf: null }];

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
  // Review r33-c #7: spec §2's "Not authenticated" is what every user reads, the explanation beside it.
  expect(igdbStatusText(status({}), false)).toBe("Not authenticated: games from the catalog");
  expect(igdbStatusText(status({ lastSuccess: "2026-11-20T10:00:00.000Z" }), false)).toMatch(
    /^Not authenticated: games from the catalog; IGDB data as of Nov 20, 2026$/,
  );
  expect(igdbStatusText(status({ authenticated: true }), false)).toBe("Connected");
});

test("without IGDB keys the header says IGDB is not connected and the games come from the catalog", () => {
  const unset = status({ status: "not_configured" });
  expect(igdbStatusLabel(unset)).toBe("Not connected");
  expect(igdbStatusText(unset, true)).toBe(
    "Not authenticated (IGDB is not configured): games from the catalog",
  );
  expect(igdbStatusText(unset, false)).toBe("Not authenticated: games from the catalog");
  expect(igdbStatusLabel(status({}))).toBe("Operational");
  expect(igdbStatusLabel(status({ status: "degraded" }))).toBe("Degraded");
});

// Review r27-a #8: the header said "PlayStation and Xbox coverage: metadata via IGDB" while IGDB was
// not connected and those games came from the VGChartz sales files.
test("the header says where PlayStation and Xbox games come from, as IGDB's status stands", () => {
  expect(gamesDatabaseDescription(undefined, VGCHARTZ)).toBe("Games, platforms and companies.");
  expect(gamesDatabaseDescription(status({ authenticated: true }), VGCHARTZ)).toBe(
    "Games, platforms and companies. PlayStation and Xbox coverage: metadata via IGDB.",
  );
  expect(gamesDatabaseDescription(status({ status: "not_configured" }), VGCHARTZ)).toBe(
    "Games, platforms and companies. IGDB is not connected: PlayStation and Xbox games come from the imported VGChartz sales dataset.",
  );
  expect(gamesDatabaseDescription(status({ lastSuccess: "2026-11-20T10:00:00.000Z" }), VGCHARTZ)).toMatch(
    /^Games, platforms and companies\. IGDB is not connected: PlayStation and Xbox games come from the imported VGChartz sales dataset and IGDB's last sync \(Nov 20, 2026\)\.$/,
  );
});

// Review r33/b #5: with the Steam snapshot alone the header named VGChartz datasets never imported.
test("the header names VGChartz only when the catalog holds a VGChartz dataset", () => {
  const unset = status({ status: "not_configured" });
  // Until the catalog's sources are in, the header claims no source.
  expect(gamesDatabaseDescription(unset, undefined)).toBe("Games, platforms and companies.");
  expect(gamesDatabaseDescription(unset, SNAPSHOT)).toBe(
    "Games, platforms and companies. IGDB is not connected and no VGChartz sales dataset is imported: the catalog holds no PlayStation or Xbox games yet.",
  );
  expect(gamesDatabaseDescription(status({ lastSuccess: "2026-11-20T10:00:00.000Z" }), SNAPSHOT)).toMatch(
    /^Games, platforms and companies\. IGDB is not connected and no VGChartz sales dataset is imported: PlayStation and Xbox games come from IGDB's last sync \(Nov 20, 2026\)\.$/,
  );
  // Either file, dated or not, is a VGChartz dataset; one file is "the dataset" (review r34-a #3).
  const dec2016 = {
    source: "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)",
    asOf: "2016-12-22T00:00:00.000Z",
  };
  expect(gamesDatabaseDescription(unset, [...SNAPSHOT, dec2016])).toMatch(
    /come from the imported VGChartz sales dataset\.$/,
  );
  expect(gamesDatabaseDescription(unset, [...VGCHARTZ, dec2016])).toMatch(
    /come from the imported VGChartz sales datasets\.$/,
  );
});

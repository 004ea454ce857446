import { expect, test } from "vitest";
import type { PlatformConnection } from "../../../contracts/sources.ts";
import { githubCollectionText, githubFailedNote } from "./CommunityDatasetsPage.tsx";

const github = (over: Partial<PlatformConnection>): PlatformConnection => ({
  id: "github",
  name: "GitHub",
  source: "GitHub search API",
  configured: true,
  missing: [],
  status: "never_synced",
  lastSync: null,
  lastSuccess: null,
  message: null,
  stored: { count: 0, unit: "datasets" },
  schedule: null,
  ...over,
});

// Review r33-c #6: "collected twice a day" with the scheduler off, and nothing said of a failed sync.
test("the empty state says how datasets are collected as the schedule runs, and a failed last sync", () => {
  expect(githubCollectionText(github({}))).toBe(
    "No game dataset has been collected from public GitHub repositories yet. No collection is scheduled on this server.",
  );
  expect(githubCollectionText(github({ schedule: "every 12 hours" }))).toBe(
    "No game dataset has been collected from public GitHub repositories yet. Datasets are collected every 12 hours.",
  );
  expect(githubCollectionText(github({ status: "error", schedule: "every 12 hours" }))).toBe(
    "The last GitHub sync failed; no game dataset has been collected yet. Datasets are collected every 12 hours.",
  );
  expect(githubCollectionText(undefined)).toBe(
    "No game dataset has been collected from public GitHub repositories yet.",
  );
});

test("stored datasets after a failed sync say they are still shown", () => {
  expect(githubFailedNote(github({}))).toBeNull();
  expect(
    githubFailedNote(
      github({
        status: "error",
        lastSuccess: "2026-11-20T10:00:00.000Z",
        stored: { count: 4, unit: "datasets" },
      }),
    ),
  ).toMatch(/^The last GitHub sync failed; the datasets shown are those collected on Nov 20, 2026\.$/);
});

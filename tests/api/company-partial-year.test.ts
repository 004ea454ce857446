import { expect, test } from "vitest";
import type { CompanyPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Review r32-a #2: the Market Screener marks the year the catalog's release dates stop in as partial
 * (ADR 039), but a company page's "Releases per year" over the same catalog did not: Ubisoft's
 * "2018 7 games / 2019 6 games" read as a fall, where 2019 ends on May 1.
 */
test("a company page marks the year the catalog's release dates stop in as partial, until that day", async () => {
  const user = await createTestUser();
  await upsertGames(
    [
      { name: "Studio Year One", releaseDate: "2018-03-01", developer: "Partial Year Studio" },
      { name: "Studio Year Two", releaseDate: "2019-02-10", developer: "Partial Year Studio" },
      // The catalog's newest date is another company's: this company's data stop there too.
      { name: "Elsewhere Newest", releaseDate: "2019-05-14", developer: "Other Partial Studio" },
    ],
    "steam-store-csv",
  );
  const page = async (slug: string) => {
    const res = await request(`/api/companies/${slug}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as CompanyPage;
  };
  expect((await page("partial-year-studio")).totals.releasesPerYear).toEqual([
    { year: 2018, games: 1 },
    { year: 2019, games: 1, partial: true, until: "2019-05-14" },
  ]);
  // A company whose last year is before the data's end: whole years only.
  await upsertGames(
    [{ name: "Old Studio Game", releaseDate: "2016-06-01", developer: "Old Partial Studio" }],
    "steam-store-csv",
  );
  expect((await page("old-partial-studio")).totals.releasesPerYear).toEqual([{ year: 2016, games: 1 }]);
});

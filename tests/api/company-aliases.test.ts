import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { CompanyPage } from "../../src/contracts/market.ts";
import { companyAliasKey } from "../../src/server/catalog/normalize.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Review r27 a, item 5: "Valve" (Steam's spelling) showed 1.70M published units and "Valve Software"
 * (VGChartz's) 19.14M, two pages with no link between them. A company page lists the pages of the same
 * name with a legal or corporate suffix dropped (docs/decisions/033-company-aliases.md), each with its
 * own figures, and says they are not added up. Hand-made rows (company-rows/SOURCE.txt, aliases.csv).
 */
const ALIASES = fileURLToPath(
  new URL("../fixtures/datasets/vgsales/company-rows/aliases.csv", import.meta.url),
);

let cookie: string;

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  await importVgSalesCsv(ALIASES);
});

const company = async (slug: string): Promise<CompanyPage> => {
  const res = await request(`/api/companies/${slug}`, { cookie });
  expect(res.status).toBe(200);
  return res.json();
};

describe("the alias key: a name with its legal or corporate suffix words dropped", () => {
  test("legal forms and 'Software' go, several of them too", () => {
    expect(companyAliasKey("valve-software")).toBe("valve");
    expect(companyAliasKey("valve-corporation")).toBe("valve");
    expect(companyAliasKey("capcom-co-ltd")).toBe("capcom");
    expect(companyAliasKey("gearbox-software-llc")).toBe("gearbox");
    expect(companyAliasKey("city-interactive-s-a")).toBe("city-interactive");
    expect(companyAliasKey("milestone-s-r-l")).toBe("milestone");
    expect(companyAliasKey("kool2play-sp-z-o-o")).toBe("kool2play");
  });

  test("words that tell companies apart stay: Games, Studios, Entertainment, Interactive, a city", () => {
    expect(companyAliasKey("valve-studios")).toBe("valve-studios");
    expect(companyAliasKey("sandlot-games")).toBe("sandlot-games");
    expect(companyAliasKey("ubisoft-entertainment")).toBe("ubisoft-entertainment");
    expect(companyAliasKey("disney-interactive")).toBe("disney-interactive");
    expect(companyAliasKey("ubisoft-montreal")).toBe("ubisoft-montreal");
  });

  test("a name that loses symbols to its slug has no alias key (review r28-a #5)", () => {
    // "Games++" and "][ Games Inc" slug to "games" and "games-inc": with "Inc" dropped, one key for
    // two unrelated developers. The symbols slugging drops are what told them apart.
    expect(companyAliasKey("Games++")).toBeNull();
    expect(companyAliasKey("][ Games Inc")).toBeNull();
    // Spaces, commas, full stops and apostrophes of a legal form are no such loss.
    expect(companyAliasKey("Valve Software")).toBe("valve");
    expect(companyAliasKey("Gearbox Software, LLC")).toBe("gearbox");
    expect(companyAliasKey("CAPCOM Co., Ltd.")).toBe("capcom");
    expect(companyAliasKey("Kool2play sp. z o.o.")).toBe("kool2play");
    expect(companyAliasKey("Yuke's Co., Ltd.")).toBe("yukes");
    expect(companyAliasKey("Électronique & Jeux S.A.")).toBe("electronique-and-jeux");
  });

  test("a name of suffix words alone keeps its first word; a suffix word inside a name stays", () => {
    expect(companyAliasKey("software-inc")).toBe("software");
    expect(companyAliasKey("inc")).toBe("inc");
    expect(companyAliasKey("co-op-software")).toBe("co-op");
  });
});

describe("a company page links the pages of its other spellings", () => {
  test("Valve: Valve Software and Valve Corporation, each with its own figures, not added up", async () => {
    const valve = await company("valve");
    expect(valve.totals.publishedSales?.units).toBe(1_700_000);
    expect(valve.alsoListedAs?.companies).toEqual([
      {
        slug: "valve-software",
        name: "Valve Software",
        games: 2,
        publishedSales: {
          units: 8_090_000,
          games: 2,
          otherGames: 0,
          provenance: [expect.objectContaining({ source: expect.stringMatching(/VGChartz/) })],
        },
      },
      {
        slug: "valve-corporation",
        name: "Valve Corporation",
        games: 1,
        publishedSales: {
          units: 1_700_000,
          games: 1,
          otherGames: 0,
          provenance: [expect.objectContaining({ source: expect.stringMatching(/VGChartz/) })],
        },
      },
    ]);
    expect(valve.alsoListedAs?.note).toMatch(/^Not added up/);
    // Not Valve Studios: "Studios" names another company as often as not.
    expect(valve.alsoListedAs?.companies.map((c) => c.slug)).not.toContain("valve-studios");
  });

  test("the link goes both ways", async () => {
    const software = await company("valve-software");
    expect(software.totals.publishedSales?.units).toBe(8_090_000);
    expect(software.alsoListedAs?.companies.map((c) => c.slug)).toEqual(["valve", "valve-corporation"]);
  });

  test("none for a name of another company or a division", async () => {
    expect((await company("valve-studios")).alsoListedAs).toBeNull();
    // Ubisoft Montreal is a studio of Ubisoft, not Ubisoft written differently; "Entertainment" stays.
    expect((await company("ubisoft")).alsoListedAs).toBeNull();
    expect((await company("ubisoft-montreal")).alsoListedAs).toBeNull();
    expect((await company("ubisoft-entertainment")).alsoListedAs).toBeNull();
  });

  test("none between two companies whose names differ by symbols their slugs drop (review r28-a #5)", async () => {
    expect((await company("games")).name).toBe("Games++");
    expect((await company("games")).alsoListedAs).toBeNull();
    expect((await company("games-inc")).alsoListedAs).toBeNull();
    // Valve's spellings are still linked.
    expect((await company("valve")).alsoListedAs?.companies.map((c) => c.slug)).toContain("valve-software");
  });
});

describe("the index follows the catalog", () => {
  test("a spelling whose last game no longer names it is no longer listed", async () => {
    await rawClient().execute({
      sql: "UPDATE games SET developer = ? WHERE developer = ?",
      args: ["Portal Studio Hand-made", "Valve Corporation"],
    });
    expect((await company("valve")).alsoListedAs?.companies.map((c) => c.slug)).toEqual(["valve-software"]);
    const res = await request("/api/companies/valve-corporation", { cookie });
    expect(res.status).toBe(404);
  });
});

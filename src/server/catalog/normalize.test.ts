import { expect, test } from "vitest";
import { steamApp } from "../importers/steam-store.ts";
import { newSummary } from "../importers/summary.ts";
import {
  companyOfCredit,
  creditSlugs,
  isSlug,
  joinCompanies,
  sameTitleKey,
  slugify,
  splitCompanies,
  wordsKey,
} from "./normalize.ts";

test("a SteamSpy credit splits into companies without cutting a name at its own comma", () => {
  expect(splitCompanies("Valve, Hidden Path Entertainment")).toEqual(["Valve", "Hidden Path Entertainment"]);
  expect(splitCompanies("CAPCOM Co., Ltd.")).toEqual(["CAPCOM Co., Ltd."]);
  expect(splitCompanies("Monolith Productions, Inc., Timegate")).toEqual([
    "Monolith Productions, Inc.",
    "Timegate",
  ]);
  expect(splitCompanies("Standing Stone Games, LLC")).toEqual(["Standing Stone Games, LLC"]);
  expect(splitCompanies("Obsidian Entertainment, Aspyr (Mac, Linux, &amp; Windows Update)")).toEqual([
    "Obsidian Entertainment",
    "Aspyr (Mac, Linux, & Windows Update)",
  ]);
  expect(splitCompanies("Relic Entertainment, Feral Interactive (Mac/Linux)")).toEqual([
    "Relic Entertainment",
    "Feral Interactive (Mac/Linux)",
  ]);
  expect(splitCompanies("Fatbot Games, s. r. o., CINEMAX, s.r.o.")).toEqual([
    "Fatbot Games, s. r. o.",
    "CINEMAX, s.r.o.",
  ]);
  expect(splitCompanies("XINESS Co,. Ltd.")).toEqual(["XINESS Co, . Ltd."]);
  expect(splitCompanies("2,000 Damage")).toEqual(["2,000 Damage"]);
  expect(splitCompanies("")).toEqual([]);
  expect(splitCompanies(undefined)).toEqual([]);
});

test("a name as words keeps other scripts and drops trademark signs, as the name key does", () => {
  expect(wordsKey("BALDUR’S GATE™ 3")).toBe(wordsKey("Baldur's Gate 3"));
  expect(wordsKey("魔塔2018")).toBe("魔塔2018");
  expect(wordsKey("Déjà Vu: Portal 2")).toBe("deja vu portal 2");
});

test("one title: the same name key and the same letters it drops; no title for a name of no key", () => {
  expect(sameTitleKey("BALDUR’S GATE™")).toBe(sameTitleKey("Baldur's Gate"));
  expect(sameTitleKey("Tom & Jerry")).toBe(sameTitleKey("Tom and Jerry"));
  expect(sameTitleKey("ストライダー 2")).not.toBe(sameTitleKey("ロックマン 2"));
  expect(sameTitleKey("ストライダー 2")).toBe(sameTitleKey("ストライダー２"));
  expect(sameTitleKey("Grand Theft Auto V")).not.toBe(sameTitleKey("Grand Theft Auto IV"));
  expect(sameTitleKey("魔塔")).toBeNull();
  expect(sameTitleKey("???")).toBeNull();
});

test("SteamSpy's credits and names have their HTML entities decoded, numeric ones too", () => {
  expect(splitCompanies("EA Canada &amp; EA Romania, Tom&#39;s &#x27;Works&#x27;")).toEqual([
    "EA Canada & EA Romania",
    "Tom's 'Works'",
  ]);
  expect(
    steamApp({ appid: "10", name: " Cats &amp; Dogs " }, 2, newSummary("steamspy-csv", "x.csv")),
  ).toEqual({
    appid: 10,
    name: "Cats & Dogs",
  });
});

test("a company slug keeps letters of other scripts, so such companies do not share one page", () => {
  // Latin names keep the slugs they had.
  expect(slugify("Bandai Namco Entertainment")).toBe("bandai-namco-entertainment");
  expect(slugify("BALDUR’S GATE™ Studios")).toBe("baldurs-gate-studios");
  expect(slugify("Ubisoft Montréal")).toBe("ubisoft-montreal");
  expect(slugify("Moth & Lamp")).toBe("moth-and-lamp");
  // Other scripts: case folded, words joined by hyphens, no longer all "game".
  expect(slugify("乐客游戏")).toBe("乐客游戏");
  expect(slugify("Почежерцев Влад")).toBe("почежерцев-влад");
  expect(slugify("КиКо")).toBe(slugify("кико"));
  expect(slugify("КиКо Studio")).toBe("кико-studio");
  // Voiced kana are not folded into their plain ones (ゲ is not ケ).
  expect(slugify("ゲーム")).not.toBe(slugify("ケーム"));
  // A name of symbols alone has a page of its own too.
  expect(slugify("???")).toMatch(/^company-[0-9a-z]+$/);
  expect(slugify("???")).not.toBe(slugify("!!!"));
  for (const name of ["乐客游戏", "Почежерцев Влад", "ゲーム", "???", "Valve", "𠮷野家 ゲームス"])
    expect(isSlug(slugify(name)), name).toBe(true);
  expect(isSlug("Keep-Works")).toBe(false);
  expect(isSlug("--")).toBe(false);
  expect(isSlug("a/b")).toBe(false);
});

test("creditSlugs: each company page of a credit once, under the credit's first spelling", () => {
  expect([...creditSlugs("Valve, VALVE, Hidden Path Entertainment")]).toEqual([
    ["valve", "Valve"],
    ["hidden-path-entertainment", "Hidden Path Entertainment"],
  ]);
  expect(creditSlugs("Valve, VALVE")).toBe(creditSlugs("Valve, VALVE"));
  expect(companyOfCredit("VALVE, Valve", "valve")).toBe("VALVE");
});

test("a credit names each company once, in its first spelling (review 11 a, item 6)", () => {
  expect(joinCompanies(["Rockin' Android", "Rockin Android"])).toBe("Rockin' Android");
  expect(joinCompanies(["Edge Dev A", "EDGE DEV A", "Unknown", "Edge Dev B"])).toBe("Edge Dev A, Edge Dev B");
  expect(joinCompanies(["乐客游戏", "Valve"])).toBe("乐客游戏, Valve");
});

import { expect, test } from "vitest";
import { steamApp } from "../importers/steam-store.ts";
import { newSummary } from "../importers/summary.ts";
import { splitCompanies, wordsKey } from "./normalize.ts";

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
  expect(splitCompanies("")).toEqual([]);
  expect(splitCompanies(undefined)).toEqual([]);
});

test("a name as words keeps other scripts and drops trademark signs, as the name key does", () => {
  expect(wordsKey("BALDUR’S GATE™ 3")).toBe(wordsKey("Baldur's Gate 3"));
  expect(wordsKey("魔塔2018")).toBe("魔塔2018");
  expect(wordsKey("Déjà Vu: Portal 2")).toBe("deja vu portal 2");
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

import { parse } from "csv-parse/sync";
import { expect, test } from "vitest";
import { asciiCsvFileName, csvField, csvFileName, toCsv } from "./csv.ts";

test("text a spreadsheet would run as a formula is kept as text with a leading apostrophe", () => {
  expect(csvField('=HYPERLINK("http://example.com","x")')).toBe(
    `"'=HYPERLINK(""http://example.com"",""x"")"`,
  );
  expect(csvField("+cmd")).toBe("'+cmd");
  expect(csvField("-KLAUS-")).toBe("'-KLAUS-");
  expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
  expect(csvField("\tx")).toBe("'\tx");
  expect(csvField(["=1+1", "Action"])).toBe("'=1+1; Action");
  // A sign followed by more than a number is still a formula.
  expect(csvField("-1+2")).toBe("'-1+2");
  expect(csvField("-2%+cmd|' /C calc'!A0")).toBe("'-2%+cmd|' /C calc'!A0");
  expect(csvField("-")).toBe("'-");
});

test("text that is only a signed number is written as it is, so a spreadsheet reads the number", () => {
  expect(csvField("-12.5")).toBe("-12.5");
  expect(csvField("-3.2%")).toBe("-3.2%");
  expect(csvField("+4%")).toBe("+4%");
  expect(csvField("-.5")).toBe("-.5");
  expect(csvField("-1e-3")).toBe("-1e-3");
});

test("numbers, dates and ordinary text are written as they are", () => {
  expect(csvField(-12.5)).toBe("-12.5");
  expect(csvField(0)).toBe("0");
  expect(csvField(new Date("2024-01-02T00:00:00Z"))).toBe("2024-01-02T00:00:00.000Z");
  expect(csvField("Counter-Strike 2")).toBe("Counter-Strike 2");
  expect(csvField('Say "hi", world')).toBe('"Say ""hi"", world"');
  const text = toCsv(["name", "change"], [["=evil()", -3]]);
  expect(parse(text)).toEqual([
    ["name", "change"],
    ["'=evil()", "-3"],
  ]);
});

test("a file name keeps the letters of any script, as company slugs do (review 11 a, item 7)", () => {
  expect(csvFileName("valve_games")).toBe("valve_games.csv");
  expect(csvFileName("乐客游戏_games")).toBe("乐客游戏_games.csv");
  expect(csvFileName("кико-studio", "releases-per-year")).toBe("кико-studio_releases-per-year.csv");
  expect(csvFileName("a/b: c?")).toBe("a-b-c.csv");
  // Not half an emoji or character at the 150-unit cut.
  expect(csvFileName(`${"a".repeat(149)}𝔸`)).toBe(`${"a".repeat(149)}.csv`);
  // A header's `filename=` stays ASCII.
  expect(asciiCsvFileName("乐客游戏_games")).toBe("_games.csv");
});

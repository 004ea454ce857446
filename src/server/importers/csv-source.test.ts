import { describe, expect, test } from "vitest";
import { MAX_FIGURE } from "../catalog/stats.ts";
import { CsvRecords, parseNumber, RowCheck, UnclosedQuoteError } from "./csv-source.ts";
import { newSummary } from "./summary.ts";

/** Every record of `text` fed in chunks of `size` characters, with the line each one ends on. */
function records(text: string, size = text.length || 1): Array<[string[], number]> {
  const out: Array<[string[], number]> = [];
  const parser = new CsvRecords();
  for (let i = 0; i < text.length; i += size)
    parser.push(text.slice(i, i + size), false, (f, line) => out.push([f, line]));
  parser.push("", true, (f, line) => out.push([f, line]));
  return out;
}

describe("CsvRecords", () => {
  const cases: Array<[string, string, Array<[string[], number]>]> = [
    [
      "quoted commas, doubled quotes and line breaks in a field",
      'a,b\n"x, ""y""","two\nlines"\n3,4\n',
      [
        [["a", "b"], 1],
        [['x, "y"', "two\nlines"], 3],
        [["3", "4"], 4],
      ],
    ],
    [
      "CRLF and CR line ends, empty lines skipped but counted, no final line end",
      "a,b\r\n1,2\r\n\r\n3,4\r5,6",
      [
        [["a", "b"], 1],
        [["1", "2"], 2],
        [["3", "4"], 4],
        [["5", "6"], 5],
      ],
    ],
    [
      "quotes inside unquoted fields and after a closing quote are text",
      'a,b\n12" vinyl,"ok"\n"bad"quote",z\n',
      [
        [["a", "b"], 1],
        [['12" vinyl', "ok"], 2],
        [['"bad"quote"', "z"], 3],
      ],
    ],
    [
      "empty fields, short and long rows",
      'a,b,c\n,,\n"",""\n1\n1,2,3,4\n',
      [
        [["a", "b", "c"], 1],
        [["", "", ""], 2],
        [["", ""], 3],
        [["1"], 4],
        [["1", "2", "3", "4"], 5],
      ],
    ],
  ];
  for (const [name, text, expected] of cases) {
    test(name, () => {
      // Every chunk boundary gives the same records: a record cut in two is completed by the next chunk.
      for (const size of [1, 2, 3, 5, 8, text.length]) expect(records(text, size)).toEqual(expected);
    });
  }

  test("a quoted field that never closes is an error naming its line", () => {
    expect(() => records('a,b\n1,2\n"open,3\n4,5\n')).toThrow(UnclosedQuoteError);
    expect(() => records('a,b\n1,2\n"open,3\n4,5\n')).toThrow("line 3");
  });
});

describe("RowCheck (review 8 d, item 1)", () => {
  const figure = (value: string) => {
    const check = new RowCheck();
    const n = check.figure({ price: value }, "price");
    const summary = newSummary("test", "file.csv");
    check.reject(summary, 7);
    return { n, error: summary.errors[0] ?? null };
  };

  test("absent fields stay absent; possible figures are read as parseNumber reads them", () => {
    for (const value of ["", "-", "N/A", "tbd", " "]) expect(figure(value)).toEqual({ n: null, error: null });
    for (const value of ["0", "4.99", "1,234", "$19.99", "1362044 hours", String(MAX_FIGURE)])
      expect(figure(value)).toEqual({ n: parseNumber(value), error: null });
  });

  test("a negative, infinite or impossibly large figure is the row's problem, with its line and field", () => {
    expect(figure("-3")).toEqual({
      n: null,
      error: { line: 7, message: 'invalid price "-3": a negative figure' },
    });
    expect(figure("1e309").error?.message).toBe('invalid price "1e309": not a finite number');
    expect(figure("1e308").error?.message).toBe('invalid price "1e308": larger than any real figure');
  });

  test("a number written as a program would, not as a decimal, is the row's problem (review 11 a, item 5)", () => {
    expect(figure("0x10").error?.message).toBe('invalid price "0x10": not a decimal number');
    expect(figure("0b101").error?.message).toBe('invalid price "0b101": not a decimal number');
    expect(figure("NaN").error?.message).toBe('invalid price "NaN": not a number');
    expect(figure("-Infinity").error?.message).toBe('invalid price "-Infinity": not a finite number');
    expect(parseNumber("0x10")).toBeNull();
  });

  test("a field that writes something but no number is the row's problem, not an unknown (review r13 a, item 4)", () => {
    for (const value of ["lots", "abc", "free", "20x6", "$"])
      expect(figure(value)).toEqual({
        n: null,
        error: { line: 7, message: `invalid price "${value}": not a number` },
      });
  });

  test("a percentage is at most 100; a year and a date are not after the import's day (review r13 a, items 2, 4)", () => {
    const now = new Date("2026-11-26T23:59:00Z");
    const read = (f: (check: RowCheck) => unknown) => {
      const check = new RowCheck(now);
      const value = f(check);
      const summary = newSummary("test", "file.csv");
      check.reject(summary, 2);
      return { value, error: summary.errors[0]?.message ?? null };
    };
    expect(read((c) => c.percent({ d: "100" }, "d"))).toEqual({ value: 100, error: null });
    expect(read((c) => c.percent({ d: "150" }, "d")).error).toBe('invalid d "150": a percentage above 100');
    expect(read((c) => c.year({ y: "2026" }, "y"))).toEqual({ value: 2026, error: null });
    expect(read((c) => c.year({ y: "N/A" }, "y"))).toEqual({ value: null, error: null });
    expect(read((c) => c.year({ y: "2027" }, "y")).error).toBe(
      'invalid y "2027": a year after this one (2026)',
    );
    expect(read((c) => c.date({ d: "2026-11-26" }, "d"))).toEqual({ value: "2026-11-26", error: null });
    expect(read((c) => c.date({ d: "2026-11-27" }, "d")).error).toBe(
      'invalid d "2026-11-27": a date after today (2026-11-26)',
    );
    const december = new Date(Date.UTC(2026, 11, 1));
    expect(read((c) => c.notAfterToday("m", "December 2026", december, "a month")).error).toBe(
      'invalid m "December 2026": a month after today (2026-11-26)',
    );
  });

  test("a count is whole", () => {
    const count = (value: string) => {
      const check = new RowCheck();
      return { n: check.count({ positive: value }, "positive"), failed: check.failed };
    };
    expect(count("12")).toEqual({ n: 12, failed: false });
    expect(count("1,200")).toEqual({ n: 1200, failed: false });
    expect(count("")).toEqual({ n: null, failed: false });
    expect(count("12.5")).toEqual({ n: null, failed: true });
  });

  test("an owners range: its midpoint, unless a bound is negative, the low end is above the high end (item 4) or there is no low end", () => {
    const range = (value: string) => {
      const check = new RowCheck();
      const n = check.range({ owners: value }, "owners");
      const summary = newSummary("test", "file.csv");
      check.reject(summary, 2);
      return { n, error: summary.errors[0]?.message ?? null };
    };
    expect(range("20000-50000")).toEqual({ n: 35000, error: null });
    expect(range("10,000,000 .. 20,000,000")).toEqual({ n: 15_000_000, error: null });
    // No lower end: the source says only "below 20,000", no figure (the band is kept apart).
    expect(range("0 .. 20,000")).toEqual({ n: null, error: null });
    expect(range("0-20000")).toEqual({ n: null, error: null });
    expect(range("5000")).toEqual({ n: 5000, error: null });
    expect(range("")).toEqual({ n: null, error: null });
    expect(range("-20,000 .. 50,000")).toEqual({
      n: null,
      error: 'invalid owners "-20,000 .. 50,000": a negative figure',
    });
    expect(range("-20000-50000").error).toBe('invalid owners "-20000-50000": a negative figure');
    expect(range("N/A")).toEqual({ n: null, error: null });
    expect(range("lots").error).toBe('invalid owners "lots": neither a range of figures nor a figure');
    expect(range("20000-Infinity").error).toBe(
      'invalid owners "20000-Infinity": neither a range of figures nor a figure',
    );
    expect(range("0x10").error).toBe('invalid owners "0x10": not a decimal number');
    expect(range("100,000 .. 50,000").error).toBe(
      'invalid owners "100,000 .. 50,000": a range whose low end is above its high end',
    );
  });

  test("dates: the calendar's only; another shape is no date, as before", () => {
    const date = (value: string) => {
      const check = new RowCheck();
      return { date: check.date({ d: value }, "d"), failed: check.failed };
    };
    expect(date("2019-02-28")).toEqual({ date: "2019-02-28", failed: false });
    expect(date("2022-02-18 00:00:00")).toEqual({ date: "2022-02-18", failed: false });
    expect(date("2020-02-29")).toEqual({ date: "2020-02-29", failed: false });
    for (const impossible of ["2019-02-30", "2019-13-01", "0000-01-01", "2022-02-18 25:00:00"])
      expect(date(impossible)).toEqual({ date: null, failed: true });
    for (const other of ["", "Nov 1, 2000", "2019"])
      expect(date(other)).toEqual({ date: null, failed: false });
  });

  test("only the first problem is reported, and a row without one is kept", () => {
    const check = new RowCheck();
    check.figure({ a: "-1", b: "-2" }, "a");
    check.figure({ a: "-1", b: "-2" }, "b");
    const summary = newSummary("test", "file.csv");
    expect(check.reject(summary, 3)).toBe(true);
    expect(summary.errors).toEqual([{ line: 3, message: 'invalid a "-1": a negative figure' }]);
    expect(new RowCheck().reject(summary, 4)).toBe(false);
  });
});

import { describe, expect, test } from "vitest";
import { CsvRecords, UnclosedQuoteError } from "./csv-source.ts";

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

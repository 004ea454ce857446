import { expect, test } from "vitest";
import { plainName, plainText } from "./plain-text.ts";

test("entities decoded: named, decimal and hexadecimal; one level only", () => {
  expect(plainText("The &quot;Perpetual Testing Initiative&quot; has been expanded")).toBe(
    'The "Perpetual Testing Initiative" has been expanded',
  );
  expect(plainText("Cyanide &amp; Happiness, Tom Clancy&#39;s, Tom Clancy&#x27;s, &#8220;hi&#8221;")).toBe(
    "Cyanide & Happiness, Tom Clancy's, Tom Clancy's, \u201chi\u201d",
  );
  // Text that was escaped twice keeps the escaping it meant as text.
  expect(plainText("&amp;quot; is how HTML writes a quote")).toBe("&quot; is how HTML writes a quote");
  // Not an entity, or none we know: left as written.
  expect(plainText("R&D; AT&T &bogus; &#0;")).toBe("R&D; AT&T &bogus; &#0;");
});

test("formatting tags removed, line breaks kept; angle brackets that are no tag stay", () => {
  expect(plainText("<p>First <strong>bold</strong> line.</p><p>Second<br/>line</p>")).toBe(
    "First bold line.\nSecond\nline",
  );
  expect(plainText('<a href="https://example.com">Link</a> &lt;b&gt; is a tag')).toBe("Link <b> is a tag");
  expect(plainText("Press <Enter> to start; 3 < 5 > 2")).toBe("Press <Enter> to start; 3 < 5 > 2");
  // IGDB writes carriage returns as entities.
  expect(plainText("the PlayStation Portable.&#13;\n&#13;\nIn 2013")).toBe(
    "the PlayStation Portable.\n\nIn 2013",
  );
});

test("empty after cleaning is no text; names are decoded and trimmed, never stripped", () => {
  expect(plainText("<p> </p>")).toBeNull();
  expect(plainText(null)).toBeNull();
  expect(plainName(" Rock &amp; Roll Racing ")).toBe("Rock & Roll Racing");
  expect(plainName("<Untitled>")).toBe("<Untitled>");
  expect(plainName(undefined)).toBeNull();
});

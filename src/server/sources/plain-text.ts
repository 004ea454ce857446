/**
 * Text from services that write HTML into their JSON (Steam's store descriptions carry `&quot;` and
 * `&amp;`, IGDB's company descriptions `&#13;`), as the plain text we store and show: HTML tags
 * removed, entities decoded. Applied by the adapters before a record is stored; migration 0025
 * repairs the rows stored before (tests/api/sources-text.test.ts holds its repair to `plainText`).
 */

/** Named entities decoded (numeric ones, `&#39;` and `&#x27;`, are decoded whatever their number). */
const NAMED: Record<string, string> = {
  quot: '"',
  amp: "&",
  apos: "'",
  lt: "<",
  gt: ">",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  trade: "™",
  reg: "®",
  copy: "©",
  bull: "•",
  middot: "·",
  deg: "°",
  eacute: "é",
};

/** Tags of formatting: removed, a line break where they end a line. Anything else in <> is text. */
const TAG =
  /<\/?(a|abbr|b|blockquote|br|div|em|h[1-6]|hr|i|img|li|ol|p|small|span|strong|sub|sup|u|ul)\b[^<>]*>/gi;
const LINE_TAG = /^<(br|\/p|\/div|\/li|\/h[1-6]|hr)\b/i;

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** A name or title: entities decoded, surrounding space trimmed (names carry no markup to strip). */
export function plainName(text: string): string;
export function plainName(text: string | null | undefined): string | null;
export function plainName(text: string | null | undefined): string | null {
  return text == null ? null : decodeEntities(text).trim();
}

/** A description or summary: tags removed (line breaks kept), entities decoded, carriage returns dropped. */
export function plainText(text: string | null | undefined): string | null {
  if (text == null) return null;
  const stripped = text.replace(TAG, (tag) => (LINE_TAG.test(tag) ? "\n" : ""));
  const plain = decodeEntities(stripped)
    // A carriage return (IGDB's "&#13;\n") is no line of its own.
    .replace(/\r/g, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return plain === "" ? null : plain;
}

/**
 * A name's initial as the avatar shows it: its first character as a reader sees one (a grapheme: "👩‍👩‍👧‍👦",
 * a flag, a letter with its accent), upper-cased. `charAt(0)` took the first UTF-16 unit, half of an
 * emoji, shown as "�" (review r29 #6).
 */
export const initialOf = (name?: string | null) =>
  name && [...new Intl.Segmenter().segment(name.trim())][0]?.segment.toUpperCase();

/**
 * The number check (issue 12): every number the language model writes must be one of the facts it
 * was given. A sentence (or list line) carrying any other number is dropped, and the drop is
 * recorded with the result so that it can be inspected later.
 *
 * A written number matches a fact when it is the fact rounded to the digits shown, and:
 * - a percentage ("42.5%", "42.5 percent") only matches a percentage-like fact: a field whose name
 *   says pct, percent, share, rate or growth (change); a count is not a share;
 * - a negative fact (−42.5) only matches when the text says so: a minus sign, or a word of decline
 *   (fell, down, declined…) in the number's clause; a positive change (growth, change fields) does not
 *   match a number the text marks as a decline, and no positive fact matches an explicit minus.
 */
export interface Drop {
  field: string;
  sentence: string;
  unknown: string[];
}

const NUMBER =
  /(?:(?<![\w.,])([-−]))?\$?(\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)\s*(%|percent\b|per cent\b|k\b|K\b|m\b|M\b|bn\b|B\b|million\b|thousand\b|billion\b)?/g;

const SCALE: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  thousand: 1e3,
  m: 1e6,
  M: 1e6,
  million: 1e6,
  bn: 1e9,
  B: 1e9,
  billion: 1e9,
};

const PERCENT_UNITS = new Set(["%", "percent", "per cent"]);

/** Words that say a figure is a decline. */
const DECLINE =
  /\b(?:declin\w*|decreas\w*|fell|fall\w*|down\w*|drop\w*|lost|los(?:e|es|ing)|shr[aiu]nk\w*|lower\w*|negative\w*|minus|slump\w*|slid\w*|sank|sink\w*|plung\w*|contract\w*|reduc\w*|below)\b/i;

export interface Written {
  raw: string;
  /** The magnitude written (never negative). */
  value: number;
  /** Half a unit of the last digit written: how far a rounded fact may be from it. */
  tolerance: number;
  /** Written as a percentage. */
  percent: boolean;
  /** Preceded by a minus sign. */
  negative: boolean;
  /** Its clause says it is a decline. */
  declining: boolean;
}

export function numbersIn(text: string): Written[] {
  const matches = [...text.matchAll(NUMBER)];
  return matches.map((m, i) => {
    const digits = m[2]!.replaceAll(",", "");
    const unit = m[3] ?? "";
    const scale = SCALE[unit] ?? 1;
    const decimals = digits.includes(".") ? digits.split(".")[1]!.length : 0;
    // The clause before the number (since the previous number or a comma/semicolon) and the two
    // words after it ("fell 42.5%", "42.5% lower").
    const previousEnd = i === 0 ? 0 : matches[i - 1]!.index! + matches[i - 1]![0].length;
    const before = text.slice(previousEnd, m.index).split(/[,;:]/).at(-1) ?? "";
    const after = /^[^\w,;:.]*(\w+)?\s*(\w+)?/.exec(text.slice(m.index! + m[0].length))?.[0] ?? "";
    return {
      raw: m[0].trim(),
      value: Number(digits) * scale,
      tolerance: 0.5 * 10 ** -decimals * scale,
      percent: PERCENT_UNITS.has(unit),
      negative: m[1] != null,
      declining: DECLINE.test(before) || DECLINE.test(after),
    };
  });
}

/** A number among the facts, with what its field says about it. */
export interface Fact {
  value: number;
  /** A percentage-like field (pct, percent, share, rate, growth, change). */
  percent: boolean;
  /** A change (growth, change, delta, momentum): its sign says rise or decline. */
  change: boolean;
  /** Where it is in the facts: "players.weekOnWeekChangePct", "games[2].growthPct". */
  path: string;
  /** Digits inside a string (a name such as "Left 4 Dead 2", a month "2022-02"), not a field's figure. */
  inText: boolean;
}

const PERCENT_WORDS = new Set(["pct", "percent", "percentage", "share", "rate", "growth", "change"]);
const CHANGE_WORDS = new Set(["growth", "change", "delta", "momentum"]);

/** The words of a field name: "weekOnWeekChangePct" → week, on, week, change, pct. */
const wordsOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Every number in a facts object, typed by the name of its field; and the digits inside its strings
 * (names such as "Left 4 Dead 2"), which are plain numbers.
 */
export function factsIn(facts: unknown): Fact[] {
  const out: Fact[] = [];
  // An array's items are typed by the array's field name.
  const walk = (v: unknown, key: string, path: string) => {
    if (typeof v === "number" && Number.isFinite(v)) {
      const words = wordsOf(key);
      out.push({
        value: v,
        percent: words.some((w) => PERCENT_WORDS.has(w)),
        change: words.some((w) => CHANGE_WORDS.has(w)),
        path,
        inText: false,
      });
    } else if (typeof v === "string")
      for (const n of numbersIn(v))
        out.push({
          value: n.negative ? -n.value : n.value,
          percent: n.percent,
          change: false,
          path,
          inText: true,
        });
    else if (Array.isArray(v)) for (const [i, item] of v.entries()) walk(item, key, `${path}[${i}]`);
    else if (v && typeof v === "object")
      for (const [k, child] of Object.entries(v)) walk(child, k, path ? `${path}.${k}` : k);
  };
  walk(facts, "", "");
  return out;
}

/** Whether a written number is this fact. */
export function matches(fact: Fact, n: Written): boolean {
  if (Math.abs(Math.abs(fact.value) - n.value) > n.tolerance + 1e-9) return false;
  if (n.percent && !fact.percent) return false;
  if (fact.value < 0) return n.negative || n.declining;
  if (fact.value > 0) return !n.negative && !(fact.change && n.declining);
  return true;
}

/** A list line's marker ("- ", "* ", "• ", "1. "): not a number of the text. */
const LIST_MARKER = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/** The numbers of one sentence (or list line) as the check reads them: its list marker is none. */
const numbersOfSegment = (sentence: string) => numbersIn(sentence.replace(LIST_MARKER, ""));

/**
 * The numbers of a text as the check reads them: sentence by sentence (a number's clause ends with its
 * sentence), list markers left out. Citations (chat.ts) read a text with it, so that they match the
 * numbers the check matched.
 */
export function numbersChecked(text: string): Written[] {
  return segmentsOf(text).flatMap((s) => numbersOfSegment(s.text));
}

/** A piece of text the check keeps or drops whole: a sentence, on its line. */
export interface Segment {
  text: string;
  line: number;
}

/**
 * The sentences of a text, each with its line: lines (list items, paragraphs) are split at line
 * breaks, then into sentences at [.!?] followed by a capital, a digit or a quote.
 */
export function segmentsOf(text: string): Segment[] {
  const out: Segment[] = [];
  text.split(/\n/).forEach((line, i) => {
    // A list marker ("1. ") is no sentence of its own: it stays with the line's first one.
    const marker = LIST_MARKER.exec(line)?.[0] ?? "";
    const sentences = line.slice(marker.length).split(/(?<=[.!?])\s+(?=[A-Z0-9"'(“‘*])/);
    sentences.forEach((sentence, j) => {
      const trimmed = (j === 0 ? marker + sentence : sentence).trim();
      if (trimmed) out.push({ text: trimmed, line: i });
    });
  });
  return out;
}

/** The kept segments as text: sentences of a line joined by a space, lines by a line break. */
export function render(segments: Segment[]): string {
  const lines: string[] = [];
  let line: number | null = null;
  for (const s of segments) {
    if (s.line === line) lines[lines.length - 1] += ` ${s.text}`;
    else lines.push(s.text);
    line = s.line;
  }
  return lines.join("\n");
}

export class Grounding {
  readonly dropped: Drop[] = [];
  checked = 0;
  /** Sentences looked at by `text` and `list`, kept or not. */
  segments = 0;
  private readonly allowed: Fact[];

  constructor(facts: unknown) {
    this.allowed = factsIn(facts);
  }

  private known(n: Written): boolean {
    // A fact written rounded to the digits shown ("42.3%" for 42.31, "1.2M" for 1,234,567).
    return this.allowed.some((f) => matches(f, n));
  }

  /** Whether a sentence's numbers are all facts; a dropped one is recorded under `field`. */
  keeps(field: string, sentence: string): boolean {
    const written = numbersOfSegment(sentence);
    this.checked += written.length;
    this.segments++;
    const unknown = written.filter((n) => !this.known(n)).map((n) => n.raw);
    if (unknown.length) this.dropped.push({ field, sentence, unknown });
    return unknown.length === 0;
  }

  /** The text without its sentences (or list lines) that carry an unknown number; "" if none is left. */
  text(field: string, text: string): string {
    return render(segmentsOf(text).filter((s) => this.keeps(field, s.text))).trim();
  }

  /** A list of short texts: each one keeps only its grounded sentences; empty ones go. */
  list(field: string, items: string[]): string[] {
    return items.map((item, i) => this.text(`${field}[${i}]`, item)).filter(Boolean);
  }
}

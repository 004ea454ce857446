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
 *   match a number the text marks as a decline, and no positive fact matches an explicit minus;
 * - a number in words is a number: "five million", "twenty-five", "a dozen", "forty percent" are read
 *   as 5,000,000, 25, 12 and 40%, rounded as their digits would be ("two million" is "2 million").
 *   Only "one" to "nineteen" alone (no scale, no percent) are not read: they are the words of prose
 *   ("one of the", "two games");
 * - a multiplier ("3x", "4.1X", "×3", "tenfold", "10-fold", "10 fold", "two fold", "ten times",
 *   "doubled", "twice", "tripled", "halved") only matches a field that is a multiple (ratio, multiple,
 *   times, fold): the facts hold no such field, so the model's own ratios are dropped, never matched
 *   by a count of 3. A capital X counts only right after the digits ("4.1X"): "3 X" may be a name;
 * - a fraction of something ("three quarters of", "a third of", "half its") is a share, compared as a
 *   percentage within 2.5 points; "half a million" is 500,000; full-width digits are digits (NFKC);
 * - a number the text says is players, reviews, owners, copies (units, sold), revenue, a price or
 *   dollars (the words after it, a "$", or "costs", "grossed", "sold" before it) only matches a field
 *   of that kind (by the words of its path: "reviews.total" is reviews); a number without such a word
 *   matches as before. Percentages and multipliers are not typed so;
 * - an estimate's low or high (P10, P90) only matches in a sentence that speaks of a range or bound
 *   ("between", "up to", "at least", "P90", "3.6–10.5"): otherwise only the mid is the figure;
 * - the ends of a range share its scale: "between 3.6 and 10.5 million" is 3.6 million to 10.5 million;
 * - strings are no figures, except a date's or month's year ("2022-02" allows 2022, not 2) and the
 *   digits of prose; ids and versions give none, and names (of games, genres, tags) are masked.
 */
export interface Drop {
  field: string;
  sentence: string;
  unknown: string[];
}

const NUMBER =
  /(?:(?<![\w.,])([-−]))?(?:(?<!\w)([x×])(?=\d))?\$?(\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:\s*(%|percent\b|per cent\b|percentage points?\b|pct\b|k\b|K\b|m\b|M\b|bn\b|B\b|million\b|thousand\b|billion\b|x\b|×|times\b)|(X\b|\s*-?\s*[Ff]old\b))?/g;

const UNIT_WORDS: Record<string, number> = Object.fromEntries(
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen"
    .split(" ")
    .map((w, i) => [w, i]),
);
const TENS_WORDS: Record<string, number> = Object.fromEntries(
  "twenty thirty forty fifty sixty seventy eighty ninety".split(" ").map((w, i) => [w, 20 + 10 * i]),
);
const SCALE_WORDS: Record<string, number> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  dozen: 12,
};
const NUMBER_WORD = [
  ...Object.keys(TENS_WORDS),
  ...Object.keys(UNIT_WORDS),
  ...Object.keys(SCALE_WORDS),
].join("|");
/**
 * A number in words: "five million", "twenty-five", "a dozen", "one hundred and twenty", "ten times";
 * "and" joins only after "hundred" ("twenty and thirty" are two numbers).
 */
const WORD_NUMBER = new RegExp(
  `\\b(?:an?[\\s-]+)?(?:${NUMBER_WORD})(?:(?:(?<=hundred)[\\s-]+and)?[\\s-]+(?:${NUMBER_WORD}))*\\b(?:\\s*(%|percent\\b|per cent\\b|times\\b)|(\\s*-?\\s*fold\\b))?`,
  "gi",
);
/** A multiplier in one word: "tenfold", "doubled", "twice", "halved". */
const MULTIPLIER_WORD = new RegExp(
  `\\b(?:(${[...Object.keys(UNIT_WORDS), ...Object.keys(TENS_WORDS), "hundred", "thousand"].join("|")})fold|(doubl(?:e[sd]?|ing)|twice)|(tripl(?:e[sd]?|ing)|thrice)|(quadrupl(?:e[sd]?|ing))|(halv(?:e[sd]?|ing)))\\b`,
  "gi",
);

/** The value of a number in words ("twenty-five thousand" → 25,000), and whether it has a scale or tens. */
function wordValue(phrase: string): { value: number; figure: boolean } {
  let total = 0;
  let current = 0;
  let figure = false;
  for (const word of phrase.toLowerCase().split(/[\s-]+/)) {
    if (word === "and") continue;
    if (word === "a" || word === "an") current = 1;
    else if (word in UNIT_WORDS) current += UNIT_WORDS[word]!;
    else if (word in TENS_WORDS) {
      current += TENS_WORDS[word]!;
      figure = true;
    } else if (word === "hundred" || word === "dozen") {
      current = (current || 1) * SCALE_WORDS[word]!;
      figure = true;
    } else if (word in SCALE_WORDS) {
      total += (current || 1) * SCALE_WORDS[word]!;
      current = 0;
      figure = true;
    }
  }
  return { value: total + current, figure };
}

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

const PERCENT_UNITS = new Set(["%", "percent", "per cent", "percentage point", "percentage points", "pct"]);

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
  /** A multiplier ("3x", "tenfold", "doubled"), not a quantity. */
  multiplier: boolean;
  /**
   * What the text says the number counts, when it says so ("230,123 daily players", "$19.99",
   * "6 million copies"): only a field of that kind may be it. Null when it does not say.
   */
  kind: Kind | null;
  /** Its sentence speaks of a range or a bound ("between", "up to", "P90", "3.6–10.5"). */
  range: boolean;
}

/** What a figure counts, as a field's name or a sentence's words say it. */
export type Kind = "players" | "reviews" | "owners" | "units" | "revenue" | "price" | "money";

type Hit = Omit<Written, "declining" | "kind" | "range"> & { index: number; end: number };

const MULTIPLIER_UNITS = new Set(["x", "×", "times"]);

/** What joins the two ends of a range: "3.6–10.5 million", "3.6 to 10.5 million", "between 3.6 and 10.5 million". */
const RANGE_JOIN = /^\s*(?:[–—-]|to|(and))\s*$/;

/** The numbers written in digits. */
function digitHits(text: string): Hit[] {
  const hits = [...text.matchAll(NUMBER)].map((m) => {
    const digits = m[3]!.replaceAll(",", "");
    const unit = m[4] ?? "";
    const scale = SCALE[unit] ?? 1;
    const decimals = digits.includes(".") ? digits.split(".")[1]!.length : 0;
    return {
      index: m.index!,
      end: m.index! + m[0].length,
      raw: m[0].trim(),
      value: Number(digits) * scale,
      tolerance: 0.5 * 10 ** -decimals * scale,
      percent: PERCENT_UNITS.has(unit),
      negative: m[1] != null,
      multiplier: m[2] != null || MULTIPLIER_UNITS.has(unit) || m[5] != null,
      scale,
      bare: unit === "" && m[5] == null,
    };
  });
  // The low end of a range takes the scale (or percent) of its high end: "between 3.6 and 10.5
  // million" is 3.6 million to 10.5 million, "10–20%" is 10% to 20%.
  for (let i = hits.length - 2; i >= 0; i--) {
    const low = hits[i]!;
    const high = hits[i + 1]!;
    const join = RANGE_JOIN.exec(text.slice(low.end, high.index).replace(/\$$/, ""));
    if (!low.bare || !join) continue;
    if (join[1] && !/\bbetween\s+\$?$/i.test(text.slice(0, low.index))) continue;
    if (high.scale !== 1) {
      low.value *= high.scale;
      low.tolerance *= high.scale;
      low.scale = high.scale;
      low.bare = false;
    } else if (high.percent) low.percent = true;
  }
  return hits.map(({ scale: _scale, bare: _bare, ...hit }) => hit);
}

const FRACTION_NUMERATORS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const FRACTION_DENOMINATORS: Record<string, number> = {
  half: 2,
  halves: 2,
  third: 3,
  thirds: 3,
  quarter: 4,
  quarters: 4,
  fourth: 4,
  fourths: 4,
  fifth: 5,
  fifths: 5,
  tenth: 10,
  tenths: 10,
};
/** "three quarters of", "a third of", "two-thirds of": a share of something. */
const FRACTION = new RegExp(
  `\\b(${Object.keys(FRACTION_NUMERATORS).join("|")})[\\s-]+(${Object.keys(FRACTION_DENOMINATORS).join("|")})(?=\\s+of\\b)`,
  "gi",
);
/** "half of", "half its players", "half the": a share; not "the second half of the year". */
const HALF =
  /(?<!\b(?:first|second|other|latter|back|front|last|next|a|one)\s+)\bhalf(?=\s+(?:of|its|their|the|his|her|our|all)\b)/gi;
/** "half a million": 500,000. */
const HALF_SCALE = /\bhalf\s+(?:a|an)\s+(thousand|million|billion)\b/gi;

/**
 * Fractions in words. A fraction of something is a share, compared as a percentage ("three quarters"
 * ≈ 75%) to within 2.5 points: words are rough. "half a million" is 500,000, to the nearest 0.1 million.
 */
function fractionHits(text: string): Hit[] {
  const hits: Hit[] = [];
  const share = (m: RegExpMatchArray, value: number) =>
    hits.push({
      index: m.index!,
      end: m.index! + m[0].length,
      raw: m[0],
      value,
      tolerance: 2.5,
      percent: true,
      negative: false,
      multiplier: false,
    });
  for (const m of text.matchAll(HALF_SCALE)) {
    const scale = SCALE_WORDS[m[1]!.toLowerCase()]!;
    hits.push({
      index: m.index!,
      end: m.index! + m[0].length,
      raw: m[0],
      value: scale / 2,
      tolerance: scale / 20,
      percent: false,
      negative: false,
      multiplier: false,
    });
  }
  for (const m of text.matchAll(FRACTION))
    share(m, (100 * FRACTION_NUMERATORS[m[1]!.toLowerCase()]!) / FRACTION_DENOMINATORS[m[2]!.toLowerCase()]!);
  for (const m of text.matchAll(HALF))
    if (!hits.some((h) => h.index <= m.index! && m.index! < h.end)) share(m, 50);
  return hits;
}

/** Scale words that are a number's place, as "million" in "2 million" (a hundred or a dozen is none). */
const PLACE_WORDS = new Set(["thousand", "million", "billion", "trillion"]);

/** The numbers written in words, and the one-word multipliers. */
function wordHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(WORD_NUMBER)) {
    const unit = (m[1] ?? "").toLowerCase();
    const percent = PERCENT_UNITS.has(unit);
    const multiplier = unit === "times" || m[2] != null;
    const phrase = m[0].replace(/\s*(?:%|percent|per cent|times|-?\s*fold)$/i, "");
    const { value, figure } = wordValue(phrase);
    // "one" to "nineteen" alone are prose, not figures.
    if (!figure && !percent && !multiplier) continue;
    // Rounded as its digits would be: "two million" is "2 million", 2 million ± half a million;
    // "three hundred fifty thousand" is "350 thousand", ± 500; "twenty-five" is 25 ± 0.5.
    const last = /\w+$/.exec(phrase)?.[0].toLowerCase() ?? "";
    const place = PLACE_WORDS.has(last) ? SCALE_WORDS[last]! : 1;
    hits.push({
      index: m.index!,
      end: m.index! + m[0].length,
      raw: m[0].trim(),
      value,
      tolerance: 0.5 * place,
      percent,
      negative: false,
      multiplier,
    });
  }
  for (const m of text.matchAll(MULTIPLIER_WORD)) {
    const value = m[1] ? wordValue(m[1]).value : m[2] ? 2 : m[3] ? 3 : m[4] ? 4 : 0.5;
    hits.push({
      index: m.index!,
      end: m.index! + m[0].length,
      raw: m[0],
      value,
      tolerance: 0.05,
      percent: false,
      negative: false,
      multiplier: true,
    });
  }
  return hits;
}

/** Words a sentence speaks of a range or bound with: an estimate's low or high is quoted only so. */
const RANGE_WORDS =
  /\b(?:between|up to|at most|at least|as many as|as few as|as much as|as low as|as high as|ranges?|ranging|bounds?|P10|P90)\b|\d\s*(?:[–—]|-|to)\s*\$?\d/i;

/** Words between a number and what it counts: "230,123 daily players", "6 million copies sold". */
const FILLER =
  "(?:(?:average|averaged|daily|weekly|monthly|concurrent|peak|active|positive|negative|user|steam|total|more|new|estimated|unique|lifetime|paying|in|of|its|their|the|game|gross|net)\\s+){0,3}";
/** A unit word that only describes the noun after it: "28 daily player points" counts points. */
const NOT_HEAD =
  "(?!\\s+(?:points?|counts?|series|readings?|figures?|data|numbers?|history|days?|records?|rows?|samples?|scores?))";
const KIND_AFTER: Array<[RegExp, Kind]> = [
  [new RegExp(`^\\s*${FILLER}(?:players?|users?|ccu|concurrents|people)\\b${NOT_HEAD}`, "i"), "players"],
  [new RegExp(`^\\s*${FILLER}(?:reviews?|ratings?)\\b${NOT_HEAD}`, "i"), "reviews"],
  [new RegExp(`^\\s*${FILLER}owners?\\b${NOT_HEAD}`, "i"), "owners"],
  [new RegExp(`^\\s*${FILLER}(?:copies|units|sales|sold)\\b${NOT_HEAD}`, "i"), "units"],
  [new RegExp(`^\\s*${FILLER}(?:revenue|gross|net|earnings|grossed|earned)\\b${NOT_HEAD}`, "i"), "revenue"],
  [new RegExp(`^\\s*${FILLER}(?:dollars|usd)\\b`, "i"), "money"],
];
/** Words just before a number that say what it is: "costs $19.99", "grossed $5 million", "sold 6 million". */
const KIND_BEFORE: Array<[RegExp, Kind]> = [
  [/\b(?:costs?|priced|price[sd]?|sells? for|sold for|retails?(?: for)?)\b(?:\s+\w+){0,2}\s*$/i, "price"],
  [/\b(?:revenue|grossed|earned|gross|net)\b(?:\s+\w+){0,2}\s*$/i, "revenue"],
  [/\b(?:sold|sells|shipped)\b(?:\s+\w+){0,2}\s*$/i, "units"],
];

/** What the text says a number counts: the words after it, its dollar sign, the words before it. */
function kindOf(raw: string, before: string, after: string): Kind | null {
  for (const [pattern, kind] of KIND_AFTER)
    if (pattern.test(after)) return kind === "money" ? money(before) : kind;
  if (raw.includes("$")) return money(before);
  for (const [pattern, kind] of KIND_BEFORE) if (pattern.test(before)) return kind;
  return null;
}

/** A sum of money: a price or revenue when the words before it say which. */
function money(before: string): Kind {
  const said = KIND_BEFORE.find(([pattern, kind]) => kind !== "units" && pattern.test(before));
  return said?.[1] ?? "money";
}

export function numbersIn(input: string): Written[] {
  // Full-width digits and signs ("５００,０００", "％") are digits and signs.
  const normalized = input.normalize("NFKC");
  // A percentile's name ("P90") is a label, not a number.
  const text = normalized.replace(/\b[Pp](?:10|25|50|75|90)\b/g, "Pxx");
  const digits = digitHits(text);
  const overlaps = (w: Hit, others: Hit[]) => others.some((d) => w.index < d.end && d.index < w.end);
  const fractions = fractionHits(text).filter((f) => !overlaps(f, digits));
  // A word inside a number written in digits ("5 million") is that number's unit, not another.
  const words = wordHits(text).filter((w) => !overlaps(w, digits) && !overlaps(w, fractions));
  const hits = [...digits, ...fractions, ...words].sort((a, b) => a.index - b.index);
  const range = RANGE_WORDS.test(normalized);
  const read = hits.map(({ index, end, ...n }, i) => {
    // The clause before the number (since the previous number or a comma/semicolon) and the two
    // words after it ("fell 42.5%", "42.5% lower").
    const previousEnd = i === 0 ? 0 : hits[i - 1]!.end;
    const before = text.slice(previousEnd, index).split(/[,;:]/).at(-1) ?? "";
    const rest = text.slice(end);
    const after = /^[^\w,;:.]*(\w+)?\s*(\w+)?/.exec(rest)?.[0] ?? "";
    // The words after it, to the next number or the end of its clause.
    const next = i + 1 < hits.length ? hits[i + 1]!.index - end : rest.length;
    const unitWords = rest.slice(0, next).split(/[,;:.]/)[0] ?? "";
    return {
      ...n,
      declining: DECLINE.test(before) || DECLINE.test(after),
      kind: n.percent || n.multiplier ? null : kindOf(n.raw, before, unitWords),
      range,
    };
  });
  // The low end of a range counts what its high end counts: "3.6–10.5 million owners".
  for (let i = read.length - 2; i >= 0; i--)
    if (
      read[i]!.kind == null &&
      RANGE_JOIN.test(text.slice(hits[i]!.end, hits[i + 1]!.index).replace(/\$$/, ""))
    )
      read[i]!.kind = read[i + 1]!.kind;
  return read;
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
  /** A multiple (a field named ratio, multiple, times or fold). */
  multiplier: boolean;
  /** What it counts, as its path says ("reviews.total" counts reviews): a sentence's unit word must agree. */
  kinds: Kind[];
  /** An estimate's low or high (P10, P90): quoted only as a range or bound, never as the figure. */
  bound: boolean;
}

const KIND_WORDS: Record<Exclude<Kind, "money">, string[]> = {
  players: ["players", "player", "ccu", "concurrent", "peak"],
  reviews: ["reviews", "review", "positive", "negative"],
  owners: ["owners", "owner"],
  units: ["units", "sold", "copies", "sales"],
  revenue: ["revenue", "gross", "net"],
  price: ["price"],
};

/** The kinds a field's path says it counts. */
function kindsOf(path: string): Kind[] {
  const words = new Set(wordsOf(path));
  return (Object.keys(KIND_WORDS) as Array<Exclude<Kind, "money">>).filter((k) =>
    KIND_WORDS[k].some((w) => words.has(w)),
  );
}

/**
 * Fields whose strings are names (of games, genres, tags, topics): masked as names before a sentence's
 * numbers are read (see Grounding.names), so their digits are no figures ("Left 4 Dead 2", "2D").
 */
const NAME_KEYS = new Set(["name", "names", "title", "genre", "genres", "tag", "tags", "topic", "topics"]);

/** A date or month ("2022-02", "2024-05-01T10:00:00Z"): its year may be written, not its month or day. */
const DATE = /^(\d{4})-\d{2}(?:-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)?$/;

/** The names in a facts object (the strings of its name, genre, tag and topic fields). */
export function namesOf(facts: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === "string") {
      if (NAME_KEYS.has(key) && v.trim()) out.push(v);
    } else if (Array.isArray(v)) for (const item of v) walk(item, key);
    else if (v && typeof v === "object") for (const [k, child] of Object.entries(v)) walk(child, k);
  };
  walk(facts, "");
  return out;
}

const PERCENT_WORDS = new Set(["pct", "percent", "percentage", "share", "rate", "growth", "change"]);
const CHANGE_WORDS = new Set(["growth", "change", "delta", "momentum"]);
const MULTIPLE_WORDS = new Set(["ratio", "multiple", "multiplier", "times", "fold"]);

/** The words of a field name: "weekOnWeekChangePct" → week, on, week, change, pct. */
const wordsOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Every number in a facts object, typed by the name of its field (and the fields above it); the year
 * of a date or month ("2022-02" allows 2022, not 2 or 02); and the digits inside prose strings (a
 * note), which are plain numbers. Identifiers (a game's id, a model version "owners-1.bbd5a949") and
 * names (masked as names, see namesOf) give none.
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
        multiplier: words.some((w) => MULTIPLE_WORDS.has(w)),
        kinds: kindsOf(path),
        bound: key === "low" || key === "high",
      });
    } else if (typeof v === "string") {
      if (NAME_KEYS.has(key)) return;
      const date = DATE.exec(v.trim());
      if (date) {
        out.push({ ...TEXT_FACT, value: Number(date[1]), path });
        return;
      }
      // An identifier (no spaces: an id, a version) holds no figure.
      if (!/\s/.test(v.trim())) return;
      // Digits only: a note's words ("two games") are no figures.
      for (const n of numbersIn(v).filter((w) => /\d/.test(w.raw)))
        out.push({
          ...TEXT_FACT,
          value: n.negative ? -n.value : n.value,
          percent: n.percent,
          path,
          multiplier: n.multiplier,
        });
    } else if (Array.isArray(v)) for (const [i, item] of v.entries()) walk(item, key, `${path}[${i}]`);
    else if (v && typeof v === "object")
      for (const [k, child] of Object.entries(v)) walk(child, k, path ? `${path}.${k}` : k);
  };
  walk(facts, "", "");
  return out;
}

const TEXT_FACT: Omit<Fact, "value" | "path"> = {
  percent: false,
  change: false,
  inText: true,
  multiplier: false,
  kinds: [],
  bound: false,
};

/** Whether a written number is this fact. */
export function matches(fact: Fact, n: Written): boolean {
  if (Math.abs(Math.abs(fact.value) - n.value) > n.tolerance + 1e-9) return false;
  if (n.percent && !fact.percent) return false;
  if (n.multiplier !== fact.multiplier) return false;
  // What the sentence says the number counts: "230,123 daily players" is no review count.
  if (n.kind === "money" && !fact.kinds.some((k) => k === "revenue" || k === "price")) return false;
  if (n.kind != null && n.kind !== "money" && !fact.kinds.includes(n.kind)) return false;
  // An estimate's P10 or P90 is a bound, not the figure: quoted only where a range or bound is said.
  if (fact.bound && !n.range) return false;
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

/** Whether a name holds a number (digits or number words): those are masked before the check reads one. */
const holdsNumber = (name: string) => /\d/.test(name) || numbersIn(name).length > 0;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A sentence with the names given (games such as "Dota 2", "Cyberpunk 2077") written as "Name": the
 * digits of a name are no figure. Names are matched as written (case and all), longest first.
 */
export function maskNames(sentence: string, names: Iterable<string>): string {
  const pattern = namesPattern(names);
  return pattern ? sentence.replace(pattern, "Name") : sentence;
}

/**
 * One pattern of the names that hold numbers, longest first (a longer name wins where two start
 * together): maskNames compiles it once for a set of names, not once per name and sentence.
 */
function namesPattern(names: Iterable<string>): RegExp | null {
  const numbered = [...new Set(names)].filter(holdsNumber).sort((a, b) => b.length - a.length);
  if (!numbered.length) return null;
  const alternatives = numbered.map((name) => escapeRegExp(name.trim()).replace(/\s+/g, "\\s+"));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "gu");
}

/** What `keeps` knows of a sentence's text before it: the segments of its text, and its index among them. */
export interface SegmentContext {
  segments: readonly Segment[];
  at: number;
}

const NO_CONTEXT: SegmentContext = { segments: [], at: 0 };

export class Grounding {
  readonly dropped: Drop[];
  private readonly counts: { checked: number; segments: number };
  private readonly allowed: Fact[];
  /** Names whose digits are no figures (game names). */
  readonly names: Set<string>;
  /** The pattern of `names` (namesPattern), built again when a name is added. */
  private mask: { size: number; pattern: RegExp | null } | null = null;

  constructor(
    facts: unknown,
    shared?: { dropped: Drop[]; counts: { checked: number; segments: number }; names: Set<string> },
  ) {
    this.allowed = factsIn(facts);
    this.dropped = shared?.dropped ?? [];
    this.counts = shared?.counts ?? { checked: 0, segments: 0 };
    this.names = shared?.names ?? new Set();
    for (const name of namesOf(facts)) this.names.add(name);
  }

  /** Numbers checked. */
  get checked(): number {
    return this.counts.checked;
  }

  /** Sentences looked at by `text` and `list`, kept or not. */
  get segments(): number {
    return this.counts.segments;
  }

  /**
   * A check against other facts (one game's) that records its drops and counts with this one: each
   * game's text of an analysis stands on that game's figures only.
   */
  scoped(facts: unknown): Grounding {
    return new Grounding(facts, { dropped: this.dropped, counts: this.counts, names: this.names });
  }

  /** The facts a sentence's numbers may be: all of them here (the chat narrows them to the games a sentence names). */
  protected factsFor(_sentence: string, _context: SegmentContext): Fact[] {
    return this.allowed;
  }

  /** Whether a sentence's numbers are all facts; a dropped one is recorded under `field`. */
  keeps(field: string, sentence: string, context: SegmentContext = NO_CONTEXT): boolean {
    if (this.mask?.size !== this.names.size)
      this.mask = { size: this.names.size, pattern: namesPattern(this.names) };
    const { pattern } = this.mask;
    const written = numbersOfSegment(pattern ? sentence.replace(pattern, "Name") : sentence);
    this.counts.checked += written.length;
    this.counts.segments++;
    const allowed = written.length ? this.factsFor(sentence, context) : [];
    // A fact written rounded to the digits shown ("42.3%" for 42.31, "1.2M" for 1,234,567).
    const unknown = written.filter((n) => !allowed.some((f) => matches(f, n))).map((n) => n.raw);
    if (unknown.length) this.dropped.push({ field, sentence, unknown });
    return unknown.length === 0;
  }

  /** The text without its sentences (or list lines) that carry an unknown number; "" if none is left. */
  text(field: string, text: string): string {
    const segments = segmentsOf(text);
    return render(segments.filter((s, at) => this.keeps(field, s.text, { segments, at }))).trim();
  }

  /** A list of short texts: each one keeps only its grounded sentences; empty ones go. */
  list(field: string, items: string[]): string[] {
    return items.map((item, i) => this.text(`${field}[${i}]`, item)).filter(Boolean);
  }
}

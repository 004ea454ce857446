import { sameTitleKey, wordsKey } from "../catalog/normalize.ts";

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
 * - the ends of a range share its scale: "between 3.6 and 10.5 million" is 3.6 million to 10.5 million,
 *   unless the low end is written in full ("97,700 to 1.46 million"); ends with their own units
 *   ("97.7K–1.46M") are a range too;
 * - an approximate figure ("about 230,000", "over 5,500%", "nearly 6,400") has the tolerance of its
 *   significant digits (at least two); "over" is a lower bound, "nearly" an upper one; "4 in 5" is 80%;
 * - "null", "undefined", "NaN" or "Infinity" written as a figure (before a percent or unit word,
 *   after a "$" or a sign, or where a number goes: "swing by null%", "reaches undefined players",
 *   "volatility: NaN") is a fact that was not known printed as if it were one: the sentence is
 *   dropped ("NaN" always, the others only so placed: "Infinity Ward" and "undefined" in prose pass);
 * - strings are no figures, except a date's or month's year ("2022-02" allows 2022, not 2) and the
 *   digits of prose; ids and versions give none, and names (of games, genres, tags) are masked.
 */
export interface Drop {
  field: string;
  sentence: string;
  /** The numbers in it that are none of the facts (of any game). */
  unknown: string[];
  /**
   * When every number is one of the facts, those that are not figures of what the sentence speaks
   * of (another game's figure, said of this one): why it was dropped. Absent otherwise.
   */
  notAbout?: string[];
}

/** What the checks of one result share: its drops and counts, the names that are no numbers, and all its facts. */
interface Shared {
  dropped: Drop[];
  counts: { checked: number; segments: number };
  names: Set<string>;
  /** Every fact of the result (all games'): a number none of these is unknown, one of them only misplaced. */
  known: Fact[];
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
  /\b(?:declin\w*|decreas\w*|fell|fall\w*|down\w*|drop\w*|lost|los(?:e|es|ing)|shr[aiu]nk\w*|lower\w*|negative\w*|minus|slump\w*|slid\w*|sank|sink\w*|plung\w*|contract\w*|reduc\w*|below|fewer|slip\w*|dip(?:s|ped|ping)?|shed\w*|eas(?:ed|es|ing)|tumbl\w*|under|crash\w*|retreat\w*|weak\w*|worse\w*|dwindl\w*|drop-off)\b/i;

/** Words that say a figure is growth: the last direction word before a number is its direction. */
const GROWTH =
  /\b(?:grew|grow\w*|rose|ris(?:e|es|ing)|risen|up|increas\w*|gain\w*|climb\w*|jump\w*|surg\w*|soar\w*|rall(?:y|ied|ies)|boost\w*|higher|rebound\w*|recover\w*|expand\w*)\b/gi;
const DECLINE_ALL = new RegExp(DECLINE.source, "gi");
/** Words after a number that start another thought: "grew 13.9% despite lower prices". */
const AFTER_CUT = /\b(?:despite|while|whereas|but|although|though|amid|even|because|since|as|and|with)\b/i;

/** The last growth or decline word of a text: "lost none of its fans and grew" is growth. */
function lastDirection(text: string): "growth" | "decline" | null {
  const at = (pattern: RegExp) => Math.max(-1, ...[...text.matchAll(pattern)].map((m) => m.index!));
  const [growth, decline] = [at(GROWTH), at(DECLINE_ALL)];
  return growth < 0 && decline < 0 ? null : growth > decline ? "growth" : "decline";
}

/** What a percentage is of, as the words near it say ("positive reviews fell 13.9%", "13.9% of its players"). */
const PERCENT_KIND: Array<[RegExp, Kind]> = [
  [/\b(?:players?|player count|player base|playerbase|ccu|concurrents?|audience)\b/gi, "players"],
  [/\b(?:reviews?|positive|negative|ratings?|rated|sentiment)\b/gi, "reviews"],
  [/\b(?:owners?|buyers?|owned)\b/gi, "owners"],
  [/\b(?:copies|units|sales)\b/gi, "units"],
  [/\b(?:prices?|priced|costs?|discount\w*)\b/gi, "price"],
  [/\b(?:gross|grossed)\b/gi, "gross"],
  [/\b(?:net)\b/gi, "net"],
  [/\b(?:revenue|earnings)\b/gi, "revenue"],
];

/** The kind a percentage is said to be of: the first kind word in the few words after it, else the last before it in its clause. */
function percentKind(before: string, after: string): Kind | null {
  const near = after.split(AFTER_CUT)[0]!.split(/\s+/).slice(0, 5).join(" ");
  let first: [number, Kind] | null = null;
  for (const [pattern, kind] of PERCENT_KIND)
    for (const m of near.matchAll(pattern)) if (!first || m.index! < first[0]) first = [m.index!, kind];
  if (first) return first[1];
  let last: [number, Kind] | null = null;
  for (const [pattern, kind] of PERCENT_KIND)
    for (const m of before.matchAll(pattern)) if (!last || m.index! > last[0]) last = [m.index!, kind];
  return last?.[1] ?? null;
}

/** Range words of a number's own clause (a range joined by "–"/"to" is found where the ends are read). */
const RANGE_WORDS_NEAR =
  /\b(?:between|up to|at most|at least|as many as|as few as|as much as|as low as|as high as|ranges?|ranging|bounds?|P10|P90|Pxx|top out at|no more than|no fewer than|no less than)\b/i;

export interface Written {
  raw: string;
  /** Where it is in the text read (its first character, and just after its last). */
  index: number;
  end: number;
  /** The magnitude written (never negative). */
  value: number;
  /** Half a unit of the last digit written: how far a rounded fact may be from it. */
  tolerance: number;
  /**
   * How far below and above it the fact may be, when not `tolerance` either way: an approximate
   * figure ("about 230,000") has the tolerance of its significant digits, "over 230,000" is a lower
   * bound (the fact is at least it), "nearly 7 million" an upper one.
   */
  below?: number;
  above?: number;
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
  /** Written as a year: four digits in "in 2022", "2022's", beside a month's name (D14). */
  year: boolean;
}

/** What a figure counts, as a field's name or a sentence's words say it. */
type Kind = "players" | "reviews" | "owners" | "units" | "revenue" | "gross" | "net" | "price" | "money";

type Hit = Omit<Written, "declining" | "kind" | "range" | "index" | "end" | "year"> & {
  index: number;
  end: number;
  /** The tolerance of its significant digits, when it is written with zeros ("230,000"; at least two kept). */
  rounded?: number;
  /** One end of a range written with its ends joined ("97.7K–1.46M", "4.4 million to 10.4 million"). */
  joined?: boolean;
};

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
    // Written with zeros ("230,000", "150 million"): its precision is its significant digits (at
    // least two), which an approximation word ("about", "over") makes its tolerance.
    const whole = digits.includes(".") ? "" : digits.replace(/^0+/, "");
    const significant = Math.max(2, whole.replace(/0+$/, "").length);
    const rounded = whole.length > significant ? 0.5 * 10 ** (whole.length - significant) * scale : undefined;
    return {
      index: m.index!,
      end: m.index! + m[0].length,
      raw: m[0].trim(),
      value: Number(digits) * scale,
      tolerance: scaledTolerance(Number(digits), decimals, scale),
      percent: PERCENT_UNITS.has(unit),
      negative: m[1] != null,
      multiplier: m[2] != null || MULTIPLIER_UNITS.has(unit) || m[5] != null,
      scale,
      bare: unit === "" && m[5] == null,
      separated: m[3]!.includes(","),
      rounded,
      joined: false,
    };
  });
  // The low end of a range takes the scale (or percent) of its high end: "between 3.6 and 10.5
  // million" is 3.6 million to 10.5 million, "10–20%" is 10% to 20%.
  for (let i = hits.length - 2; i >= 0; i--) {
    const low = hits[i]!;
    const high = hits[i + 1]!;
    const join = RANGE_JOIN.exec(text.slice(low.end, high.index).replace(/\$$/, ""));
    if (!join || low.multiplier || high.multiplier) continue;
    if (join[1] && !/\bbetween\s+\$?$/i.test(text.slice(0, low.index))) continue;
    low.joined = high.joined = true;
    if (!low.bare) continue;
    // A low end already written in full ("97,700 to 1.46 million"), or one the scale would make
    // larger than the high end ("500 to 2 million"), keeps its own value.
    if (high.scale !== 1 && !low.separated && low.value * high.scale <= high.value) {
      low.value *= high.scale;
      low.tolerance *= high.scale;
      if (low.rounded != null) low.rounded *= high.scale;
      low.scale = high.scale;
      low.bare = false;
    } else if (high.percent) low.percent = true;
  }
  return hits.map(({ scale: _scale, bare: _bare, separated: _separated, ...hit }) => hit);
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
  [/^\s*(?:(?:in|of|its|their|the|estimated|total|lifetime)\s+){0,3}(?:gross|grossed)\b/i, "gross"],
  [/^\s*(?:(?:in|of|its|their|the|estimated|total|lifetime)\s+){0,3}net\b/i, "net"],
  [
    /^\s*(?:in\s+\w+\s+)?after\s+(?:\w+['’]s\s+|the\s+|its\s+|platform\s+)?(?:cut|fees?|share|commission)\b/i,
    "net",
  ],
  [new RegExp(`^\\s*${FILLER}(?:revenue|gross|net|earnings|grossed|earned)\\b${NOT_HEAD}`, "i"), "revenue"],
  [new RegExp(`^\\s*${FILLER}(?:dollars|usd)\\b`, "i"), "money"],
];
/** Words just before a number that say what it is: "costs $19.99", "grossed $5 million", "sold 6 million". */
const KIND_BEFORE: Array<[RegExp, Kind]> = [
  [/\b(?:costs?|priced|price[sd]?|sells? for|sold for|retails?(?: for)?)\b(?:\s+\w+){0,2}\s*$/i, "price"],
  [/\b(?:grossed|gross)\b(?:\s+\w+){0,2}\s*$/i, "gross"],
  [/\b(?:net|take-home)\b(?:\s+\w+){0,2}\s*$/i, "net"],
  [/\b(?:revenue|earned)\b(?:\s+\w+){0,2}\s*$/i, "revenue"],
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
  // Money kept is net: "Hades kept $62.2 million".
  if (/\bkept\b(?:\s+\w+){0,2}\s*$/i.test(before)) return "net";
  const said = KIND_BEFORE.find(([pattern, kind]) => kind !== "units" && pattern.test(before));
  return said?.[1] ?? "money";
}

/** An approximation word just before a number: "about", "over", "nearly"… ("~" too). */
const APPROXIMATELY =
  /(?:\b(?:(about|around|roughly|approximately|approx\.?|some|circa|close to|on the order of)|((?:just |well |a little |slightly )?(?:over|more than|above|upwards of|in excess of))|((?:just |a little |slightly )?(?:nearly|almost|under|less than|fewer than|below|just shy of)))|(~))\s*$/i;

/**
 * The tolerance of a number said approximately: that of its significant digits ("about 230,000"
 * is 230,000 ± 5,000, as "about 230K" is 230K ± 500), at least its written one; "over"/"more than"
 * make it a lower bound (the fact is at least the number and below its next significant step),
 * "nearly"/"almost"/"under" an upper one. A number said without such a word keeps the tolerance
 * of its digits: "230,000 reviews" is 230,000 ± 0.5.
 */
function approximately(
  n: Omit<Hit, "index" | "end">,
  rounded: number | undefined,
  before: string,
): { tolerance?: number; below?: number; above?: number } {
  const m = APPROXIMATELY.exec(before);
  if (!m || n.multiplier) return {};
  const tolerance = Math.max(n.tolerance, rounded ?? 0);
  if (m[2]) return { tolerance, below: 0, above: 2 * tolerance };
  if (m[3]) return { tolerance, below: 2 * tolerance, above: 0 };
  return { tolerance };
}

/** "4 in 5", "nine out of ten" (followed by what they count): a share, compared as a percentage within 2.5 points. */
const RATIO = new RegExp(
  `(?<![\\w.,])(\\d+|${Object.keys(UNIT_WORDS).join("|")}|ten)\\s+(?:in|out\\s+of)\\s+(\\d+|${Object.keys(UNIT_WORDS).join("|")}|ten|twenty|a hundred|hundred)(?![\\w.,%])(?=\\s+(?!stars?\\b|points?\\b)[A-Za-z])`,
  "gi",
);

function ratioHits(text: string): Hit[] {
  const counted = (w: string) => (/^\d+$/.test(w) ? Number(w) : wordValue(w).value);
  const hits: Hit[] = [];
  for (const m of text.matchAll(RATIO)) {
    const [part, whole] = [counted(m[1]!), counted(m[2]!)];
    if (!(whole > 0 && part < whole)) continue;
    hits.push({
      index: m.index!,
      end: m.index! + m[0].length,
      raw: m[0],
      value: (100 * part) / whole,
      tolerance: 2.5,
      percent: true,
      negative: false,
      multiplier: false,
    });
  }
  return hits;
}

/**
 * Whether a number is said to be a decline: the last direction word before it in its clause ("lost
 * none of its fans and grew 13.9%" is growth), else a decline word just after it, before another
 * thought starts ("13.9% lower", "13.9% month-on-month decline"; not "grew 13.9% despite lower prices").
 */
function directionOf(before: string, after: string): { declining: boolean } {
  const said = lastDirection(before);
  if (said) return { declining: said === "decline" };
  return { declining: DECLINE.test(after.split(AFTER_CUT)[0]!) };
}

/**
 * Half a unit of a scaled number's last digit, compared by its scaled value (D13): "0.01 billion" is
 * 10 million, ± half a million as "10 million" would be, not ± 5 million.
 */
function scaledTolerance(digits: number, decimals: number, scale: number): number {
  const tolerance = 0.5 * 10 ** -decimals * scale;
  if (scale <= 1 || digits <= 0 || digits >= 1) return tolerance;
  const value = digits * scale;
  const lower = [1e9, 1e6, 1e3, 1].find((s) => s < scale && value / s >= 1) ?? 1;
  const left = Math.max(0, decimals - Math.round(Math.log10(scale / lower)));
  return Math.min(tolerance, 0.5 * 10 ** -left * lower);
}

const MONTHS = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** Words before a year: "in 2022", "February 2022", "since 2019". */
const YEAR_BEFORE = new RegExp(
  `(?:\\b(?:in|of|since|during|by|from|until|till|through|throughout|early|late|mid|year|before|after)|\\b${MONTHS})\\s*-?\\s*$`,
  "i",
);
/** A month's name just after a year: "2022 February". */
const MONTH_NEXT = new RegExp(`^\\s*${MONTHS}\\b`, "i");

export function numbersIn(input: string): Written[] {
  // Full-width digits and signs ("５００,０００", "％") are digits and signs.
  const normalized = input.normalize("NFKC");
  // A percentile's name ("P90") is a label, not a number.
  const text = normalized.replace(/\b[Pp](?:10|25|50|75|90)\b/g, "Pxx");
  const overlaps = (w: Hit, others: Hit[]) => others.some((d) => w.index < d.end && d.index < w.end);
  const ratios = ratioHits(text);
  const digits = [...ratios, ...digitHits(text).filter((d) => !overlaps(d, ratios))];
  const fractions = fractionHits(text).filter((f) => !overlaps(f, digits));
  // A word inside a number written in digits ("5 million") is that number's unit, not another.
  const words = wordHits(text).filter((w) => !overlaps(w, digits) && !overlaps(w, fractions));
  const hits = [...digits, ...fractions, ...words].sort((a, b) => a.index - b.index);
  const read = hits.map(({ rounded, joined, ...n }, i) => {
    const { index, end } = n;
    // The clause before the number (since the previous number or a comma/semicolon) and the two
    // words after it ("fell 42.5%", "42.5% lower").
    const previousEnd = i === 0 ? 0 : hits[i - 1]!.end;
    const before = text.slice(previousEnd, index).split(/[,;:]/).at(-1) ?? "";
    const rest = text.slice(end);
    // A hyphenated phrase is one word: "13.9% month-on-month decline".
    const after = /^[^\w,;:.]*(\w+(?:-\w+)*)?\s*(\w+(?:-\w+)*)?/.exec(rest)?.[0] ?? "";
    // The words after it, to the next number or the end of its clause.
    const next = i + 1 < hits.length ? hits[i + 1]!.index - end : rest.length;
    const unitWords = rest.slice(0, next).split(/[,;:.]/)[0] ?? "";
    return {
      ...n,
      ...approximately(n, rounded, before),
      ...directionOf(before, after),
      kind: n.multiplier
        ? null
        : n.percent
          ? percentKind(before, unitWords)
          : kindOf(n.raw, before, unitWords),
      // A bound is quoted as one in its own clause: "between 4.4 and 10.4 million owners and sold
      // 9.4 million copies" makes no range of the 9.4 million.
      year:
        /^\d{4}$/.test(n.raw) &&
        !n.percent &&
        !n.multiplier &&
        (YEAR_BEFORE.test(before) || /^(?:['’]s\b|\s*[-–]\s*\d{2}\b)/.test(rest) || MONTH_NEXT.test(rest)),
      range:
        joined === true ||
        RANGE_WORDS_NEAR.test(before) ||
        RANGE_WORDS_NEAR.test(unitWords.split(AFTER_CUT)[0]!),
    };
  });
  // The low end of a range counts what its high end counts: "3.6–10.5 million owners".
  for (let i = read.length - 2; i >= 0; i--)
    if (
      read[i]!.kind == null &&
      !read[i]!.percent &&
      !read[i]!.multiplier &&
      !read[i + 1]!.percent &&
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
  /** A date's or month's year: only a number written as a year is it (D14). */
  year?: boolean;
}

const KIND_WORDS: Record<Exclude<Kind, "money">, string[]> = {
  players: ["players", "player", "ccu", "concurrent", "peak"],
  // As a sentence says it (the words before "reviews" above): "a 4.8 rating" is sentimentOutOf5.
  reviews: ["reviews", "review", "positive", "negative", "sentiment", "rating", "ratings"],
  owners: ["owners", "owner"],
  units: ["units", "sold", "copies", "sales"],
  revenue: ["revenue", "gross", "net"],
  gross: ["gross"],
  net: ["net"],
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
 * Fields whose strings are names (of games, genres, tags, topics, platforms): masked as names before a sentence's
 * numbers are read (see Grounding.names), so their digits are no figures ("Left 4 Dead 2", "2D").
 */
const NAME_KEYS = new Set([
  "name",
  "names",
  // A game's former names (search_games): "Half-Life 2: Episode 2" was no figure either.
  "formerNames",
  "title",
  "genre",
  "genres",
  "tag",
  "tags",
  "topic",
  "topics",
  // "PlayStation 4", "Xbox 360": no figure 4 or 360.
  "platform",
  "platforms",
]);

/** A date or month ("2022-02", "2024-05-01T10:00:00Z"): its year may be written, not its month or day. */
const DATE = /^(\d{4})-\d{2}(?:-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)?$/;

const MONTH_WORDS = [
  ["Jan", "January"],
  ["Feb", "February"],
  ["Mar", "March"],
  ["Apr", "April"],
  ["May", "May"],
  ["Jun", "June"],
  ["Jul", "July"],
  ["Aug", "August"],
  ["Sep", "September"],
  ["Oct", "October"],
  ["Nov", "November"],
  ["Dec", "December"],
] as const;

/**
 * A day of the facts ("2023-05-31", "2023-05-31T00:00:00.000Z") as a text writes it whole: "May 31,
 * 2023" (as the screens date a day), "31 May 2023", "2023-05-31". Masked as a name, so that the date
 * of a figure (a daily peak's day, a file's date) may be written beside it; its day or month alone is
 * still no figure (D14). None for a month ("2022-02") or a string that is no date.
 */
export function dateSpellings(value: string): string[] {
  const day = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]|$)/.exec(value.trim());
  if (!day || !DATE.test(value.trim())) return [];
  const [, y, m, d] = day;
  const months = MONTH_WORDS[Number(m) - 1];
  if (!months) return [];
  const n = String(Number(d));
  return [
    `${y}-${m}-${d}`,
    ...[...new Set(months)].flatMap((month) => [`${month} ${n}, ${y}`, `${n} ${month} ${y}`]),
  ];
}

/**
 * The names in a facts object (the strings of its name, genre, tag, topic and platform fields), and
 * the days its dates give, as a text writes them (dateSpellings).
 */
export function namesOf(facts: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === "string") {
      if (NAME_KEYS.has(key) && v.trim()) out.push(v);
      else out.push(...dateSpellings(v));
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
        out.push({ ...TEXT_FACT, value: Number(date[1]), path, year: true });
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
  const off = Math.abs(fact.value) - n.value;
  if (off < -(n.below ?? n.tolerance) - 1e-9 || off > (n.above ?? n.tolerance) + 1e-9) return false;
  if (n.percent && !fact.percent) return false;
  if (n.multiplier !== fact.multiplier) return false;
  if (fact.year && !n.year) return false;
  // What the sentence says the number counts: "230,123 daily players" is no review count.
  if (n.kind === "money" && !fact.kinds.some((k) => k === "revenue" || k === "price")) return false;
  // A percentage said to be of players, reviews, a price… matches a field of another kind only when
  // that field says no kind ("growthPct" of a trending game).
  if (n.percent) {
    if (n.kind != null && fact.kinds.length > 0 && !fact.kinds.includes(n.kind)) return false;
  } else if (n.kind != null && n.kind !== "money" && !fact.kinds.includes(n.kind)) return false;
  // An estimate's P10 or P90 is a bound, not the figure: quoted only where a range or bound is said.
  if (fact.bound && !n.range) return false;
  if (fact.value < 0) return n.negative || n.declining;
  if (fact.value > 0) return !n.negative && !(fact.change && n.declining);
  return true;
}

/** A value that is no number, as a program prints it: never a figure of the facts. */
const NOT_A_NUMBER =
  /(\$\s*|[-−+]\s*)?(?<![\w.])(null|undefined|NaN|Infinity)(?![\w])(\s*(?:%|percent\b|per cent\b|percentage points?\b|pct\b|[kKmMB]\b|bn\b|million\b|thousand\b|billion\b|x\b|×|times\b|(?:(?:average|daily|weekly|monthly|active|concurrent|positive|negative)\s+)*(?:players?|reviews?|ratings?|days?|weeks?|months?|years?|owners?|copies|units?|sales|games?|dollars?|USD|points?)\b|\/\s*(?:5|10|100)\b))?/g;
/** The words before a number's place: "by null%", "at undefined", "= NaN". */
const NUMBER_PLACE =
  /(?:\b(?:by|at|from|around|about|approximately|roughly|nearly|almost|over|under|reaches?|reached|hit|hits|totals?|totalled|totaled)|[=≈~])\s*$/i;
/**
 * Words before a number's place as often as before prose ("a price of null", "Note: null results
 * were excluded", "points to undefined behaviour"): a figure only where its clause ends after it
 * ("Volatility: null.", "grew to null, while…"); one with a unit or a sign is one anyway.
 */
const PROSE_OR_NUMBER_PLACE = /(?:\b(?:of|to|with)|:)\s*$/i;
/** What ends a clause right after a word: the sentence's end, punctuation, a dash between spaces. */
const CLAUSE_END = /^\s*(?:$|[.,;:!?)\]}"'”’]|[-–—]\s)/;

/**
 * "null", "undefined", "NaN" and "Infinity" where a figure is written (see NOT_A_NUMBER): what was
 * not known, printed as a number. Each is returned as written, with its unit.
 */
export function nonNumbersIn(sentence: string): string[] {
  const out: string[] = [];
  for (const m of sentence.matchAll(NOT_A_NUMBER)) {
    const [raw, sign, word, unit] = m;
    const before = sentence.slice(0, m.index! + (sign?.length ?? 0));
    const placed =
      NUMBER_PLACE.test(before) ||
      (PROSE_OR_NUMBER_PLACE.test(before) && CLAUSE_END.test(sentence.slice(m.index! + raw.length)));
    if (word === "NaN" || sign || unit || placed) out.push(raw.trim());
  }
  return out;
}

/** A list line's marker ("- ", "* ", "• ", "1. "): not a number of the text. */
const LIST_MARKER = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/** The numbers of one sentence (or list line) as the check reads them: its list marker is none. */
export function numbersOfSegment(sentence: string): Written[] {
  const marker = LIST_MARKER.exec(sentence)?.[0].length ?? 0;
  // Positions are in the sentence given, marker and all.
  return numbersIn(sentence.slice(marker)).map((n) => ({
    ...n,
    index: n.index + marker,
    end: n.end + marker,
  }));
}

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

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A sentence with the names given (games such as "Dota 2", "Cyberpunk 2077") written as "Name": the
 * digits of a name are no figure. Names are matched as written (case and all), longest first.
 */
export function maskNames(sentence: string, names: Iterable<string>): string {
  return maskedBy(sentence, namesPattern(names)).text;
}

/**
 * A sentence with names masked, and where a place of the sentence is in the masked text (a place
 * inside a masked name is the masked name's start, or its end for an end): number positions are read
 * in the masked text, game names are found in the sentence.
 */
export interface Masked {
  text: string;
  at: (place: number, end?: boolean) => number;
}

function maskedBy(sentence: string, pattern: RegExp | null): Masked {
  if (!pattern) return { text: sentence, at: (place) => place };
  const spans: Array<{ from: number; to: number; shift: number }> = [];
  let shift = 0;
  const text = sentence.replace(pattern, (name: string, offset: number) => {
    spans.push({ from: offset, to: offset + name.length, shift });
    shift += "Name".length - name.length;
    return "Name";
  });
  const at = (place: number, end = false) => {
    let moved = 0;
    for (const span of spans) {
      if (place >= span.to) moved = span.shift + "Name".length - (span.to - span.from);
      else if (place > span.from) return span.from + span.shift + (end ? "Name".length : 0);
      else break;
    }
    return place + moved;
  };
  return { text, at };
}

/**
 * maskNames for many sentences of one answer, with where each place of a sentence is in the masked
 * text (see Masked): the names' pattern is compiled once, not once per sentence.
 */
export function namesMasker(names: Iterable<string>): (sentence: string) => Masked {
  const pattern = namesPattern(names);
  return (sentence) => maskedBy(sentence, pattern);
}

/**
 * The names that are not one of `games` nor the first words of one ("Counter-Strike" for Counter-
 * Strike: Global Offensive): catalog games no tool returned, whose sentences cite none of our figures.
 */
export function otherGameNames(names: Iterable<string>, games: Iterable<string>): string[] {
  const own = [...games].map(wordsKey);
  return [...names].filter((name) => {
    const key = wordsKey(name);
    return !own.some((o) => o === key || o.startsWith(`${key} `));
  });
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
interface SegmentContext {
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

  /** Every fact of the result, for telling an unknown number from a misplaced one. */
  private readonly known: Fact[];

  constructor(facts: unknown, shared?: Shared) {
    this.allowed = factsIn(facts);
    this.dropped = shared?.dropped ?? [];
    this.counts = shared?.counts ?? { checked: 0, segments: 0 };
    this.names = shared?.names ?? new Set();
    this.known = shared?.known ?? this.allowed;
    for (const name of namesOf(facts)) this.names.add(name);
  }

  private shared(): Shared {
    return { dropped: this.dropped, counts: this.counts, names: this.names, known: this.known };
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
    return new Grounding(facts, this.shared());
  }

  /**
   * A check of facts that hold several games (objects with a gameId and a name), game by game (see
   * GamesGrounding); `about` are the ids of the games a text is about when its sentences name none
   * (a recommended game's reasoning). Records its drops and counts with this one.
   */
  perGame(facts: unknown, about: readonly string[] = [], otherGames: Iterable<string> = []): Grounding {
    const { games, general } = splitGames(facts);
    const grounding = new GamesGrounding(facts, games, general, about, this.shared());
    for (const name of otherGames) grounding.otherGames.add(name);
    return grounding;
  }

  /** The facts a sentence's numbers may be: all of them here (the chat narrows them to the games a sentence names). */
  protected factsFor(_sentence: string, _context: SegmentContext): Fact[] {
    return this.allowed;
  }

  /** The facts each number of a sentence may be (in its order): those of the sentence here. */
  protected factsOfNumbers(
    sentence: string,
    context: SegmentContext,
    written: readonly Written[],
    _masked: Masked,
  ): Fact[][] {
    const facts = this.factsFor(sentence, context);
    return written.map(() => facts);
  }

  /** Whether a sentence's numbers are all facts; a dropped one is recorded under `field`. */
  keeps(field: string, sentence: string, context: SegmentContext = NO_CONTEXT): boolean {
    if (this.mask?.size !== this.names.size)
      this.mask = { size: this.names.size, pattern: namesPattern(this.names) };
    const masked = maskedBy(sentence, this.mask.pattern);
    const written = numbersOfSegment(masked.text);
    this.counts.checked += written.length;
    this.counts.segments++;
    const allowed = written.length ? this.factsOfNumbers(sentence, context, written, masked) : [];
    // A fact written rounded to the digits shown ("42.3%" for 42.31, "1.2M" for 1,234,567).
    const refused = written.filter((n, i) => !allowed[i]!.some((f) => matches(f, n)));
    // The record names as unknown only the numbers that are none of the facts: a figure that is a
    // fact, only not of what the sentence speaks of, is not "made up" (it is named apart, when it
    // alone dropped the sentence).
    const isKnown = (n: Written) => this.known.some((f) => matches(f, n));
    const unknown = refused.filter((n) => !isKnown(n)).map((n) => n.raw);
    const notAbout = refused.filter(isKnown).map((n) => n.raw);
    // A figure that was not known, printed as one ("null%"): none of the facts, whatever they are.
    const nonNumbers = nonNumbersIn(masked.text);
    this.counts.checked += nonNumbers.length;
    unknown.push(...nonNumbers);
    if (unknown.length) this.dropped.push({ field, sentence, unknown });
    else if (notAbout.length) this.dropped.push({ field, sentence, unknown, notAbout });
    return unknown.length === 0 && notAbout.length === 0;
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

/** Which of `names` a text names: each as whole words, the longest first, and a name inside a longer
 * name already found there ("Portal" in "Portal 2") does not count. */
export function namesFound<T extends { name: string }>(text: string, names: Iterable<T>): T[] {
  const haystack = ` ${wordsKey(text)} `;
  const taken: Array<[number, number]> = [];
  const found: T[] = [];
  const byLength = [...names]
    .map((item) => ({ item, needle: wordsKey(item.name) }))
    .filter((n) => /\p{L}/u.test(n.needle))
    .sort((a, b) => b.needle.length - a.needle.length);
  for (const { item, needle } of byLength) {
    const word = ` ${needle} `;
    let named = false;
    for (let at = haystack.indexOf(word); at >= 0; at = haystack.indexOf(word, at + 1)) {
      const span: [number, number] = [at + 1, at + word.length - 1];
      if (taken.some(([from, to]) => span[0] >= from && span[1] <= to)) continue;
      taken.push(span);
      named = true;
    }
    if (named) found.push(item);
  }
  return found;
}

/** Capitalised words that are no game's short form. */
const NOT_SHORT_FORMS = new Set(
  "USD EUR GBP AI CCU DLC FPS RPG MMO MOBA RTS NPC PC PS VR UK US EU OK TBA AAA ID OS TV II III IV".split(
    " ",
  ),
);
const SMALL_WORDS = new Set(["of", "the", "a", "an", "and"]);
/** Capitalised words, possibly with punctuation inside ("CS:GO", "PUBG", "L4D2"). */
const SHORT_FORM = /(?<![\p{L}\p{N}])[A-Z0-9]+(?:[:.'’&-][A-Z0-9]+)*(?![\p{L}\p{N}])/gu;

/** A name's words and the parts of its camel-case words: "PlayerUnknown's Battlegrounds" → player, unknown, s, battlegrounds. */
const nameParts = (name: string) =>
  name
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/['’]s\b/gi, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/**
 * Whether a capitalised word is a short form of a name: the initials of its words (or camel-case
 * parts) in order, punctuation ignored, each word giving its first letter and possibly more of its
 * letters ("CS:GO" for Counter-Strike: Global Offensive, "PUBG" for PLAYERUNKNOWN'S BATTLEGROUNDS);
 * "of", "the", "a", "an" and "and" may give none.
 */
export function isShortForm(token: string, name: string): boolean {
  const letters = token.replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();
  const words = nameParts(name);
  if (words.length < 2 || letters.length < 2 || letters.length > 10) return false;
  const from = (i: number, j: number): boolean => {
    if (i === words.length) return j === letters.length;
    const word = words[i]!;
    if (SMALL_WORDS.has(word) && from(i + 1, j)) return true;
    if (letters[j] !== word[0]) return false;
    // The word's first letter, then any more of its letters, in order.
    const more = (k: number, at: number): boolean => {
      if (from(i + 1, k)) return true;
      for (let p = at; p < word.length && k < letters.length; p++)
        if (word[p] === letters[k] && more(k + 1, p + 1)) return true;
      return false;
    };
    return more(j + 1, 1);
  };
  return from(0, 0);
}

/** A name's words: its runs of letters and digits ("Counter-Strike: Global Offensive" → Counter, Strike, Global, Offensive). */
const nameWords = (name: string) => name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Compiled word patterns, by words: a check reads every sentence of an answer for the same names. */
const wordPatterns = new Map<string, RegExp>();
/** Patterns kept at most (names of many answers); past it the cache starts again. */
const MAX_WORD_PATTERNS = 10_000;

/**
 * A pattern of words as a name writes them: any punctuation or space between them, whole words,
 * any case. Compiled once per words (matchAll copies it, so its lastIndex is never shared).
 */
function wordsPattern(words: readonly string[]): RegExp {
  const key = words.join("\u0000");
  let pattern = wordPatterns.get(key);
  if (!pattern) {
    if (wordPatterns.size >= MAX_WORD_PATTERNS) wordPatterns.clear();
    pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])`,
      "giu",
    );
    wordPatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Partial names (D4): the first words of one game's name ("Counter-Strike" for Counter-Strike:
 * Global Offensive, "Stardew" for Stardew Valley) that are the first words of no other game's name,
 * at least two words or five letters, written with a capital: each with the game it names.
 */
function partialNames<T extends { name: string }>(
  text: string,
  games: readonly T[],
): Array<{ game: T; index: number; end: number }> {
  const found: Array<{ game: T; index: number; end: number }> = [];
  const named = games.map((g) => nameWords(g.name).map((w) => w.toLowerCase()));
  games.forEach((game, i) => {
    const words = nameWords(game.name);
    for (let k = words.length - 1; k >= 1; k--) {
      const prefix = words.slice(0, k);
      if (k < 2 && prefix.join("").replace(/[^\p{L}]/gu, "").length < 5) continue;
      const lower = prefix.map((w) => w.toLowerCase());
      if (named.some((other, j) => j !== i && lower.every((w, at) => other[at] === w))) continue;
      for (const m of text.matchAll(wordsPattern(prefix)))
        if (/^[\p{Lu}\p{N}]/u.test(m[0])) found.push({ game, index: m.index, end: m.index + m[0].length });
    }
  });
  return found;
}

/** Where a text writes a short form of games' names ("CS:GO", "PUBG"), each with the game it stands for. */
function shortForms<T extends { name: string }>(
  text: string,
  games: readonly T[],
): Array<{ game: T; index: number; end: number }> {
  const found: Array<{ game: T; index: number; end: number }> = [];
  for (const m of text.matchAll(SHORT_FORM)) {
    const token = m[0];
    if ((token.match(/[A-Z]/g)?.length ?? 0) < 2 || NOT_SHORT_FORMS.has(token)) continue;
    for (const game of games)
      if (isShortForm(token, game.name)) found.push({ game, index: m.index, end: m.index + token.length });
  }
  return found;
}

/**
 * The games a text names: by their names, by a short form of them ("CS:GO", "PUBG"), or by a partial
 * name that is one game's ("Counter-Strike").
 */
export function gamesNamed<T extends { name: string }>(text: string, games: readonly T[]): T[] {
  const found = new Set(namesFound(text, games));
  for (const m of shortForms(text, games)) found.add(m.game);
  for (const m of partialNames(text, games)) found.add(m.game);
  return games.filter((g) => found.has(g));
}

/** Where a text names games (by name or short form), longest names first, none inside another found. */
function mentionsOf<T extends { name: string }>(
  text: string,
  games: readonly T[],
): Array<{ game: T; index: number; end: number }> {
  const found: Array<{ game: T; index: number; end: number }> = [];
  const inside = (index: number, end: number) => found.some((m) => index >= m.index && end <= m.end);
  const byLength = [...games].sort((a, b) => b.name.length - a.name.length);
  for (const game of byLength) {
    const words = nameWords(game.name);
    if (!words.length || !/\p{L}/u.test(game.name)) continue;
    for (const m of text.matchAll(wordsPattern(words)))
      if (!inside(m.index, m.index + m[0].length))
        found.push({ game, index: m.index, end: m.index + m[0].length });
  }
  // Short forms do not overlap one another: each is checked against the names found above.
  for (const m of shortForms(text, games)) if (!inside(m.index, m.end)) found.push(m);
  for (const m of partialNames(text, games)) if (!inside(m.index, m.end)) found.push(m);
  return found.sort((a, b) => a.index - b.index);
}

/** What may stand between the names of a list of games a figure is about together: "Hades and Dead Cells both cost". */
const NAMES_JOINED = /^(?:['’]s?)?\s*,?\s*(?:and|or|nor|&)\s+(?:both\s+)?$/i;
/** A comma between names joins them only in a list that ends with "and": "Hades, Dead Cells and Celeste" (not "Unlike Dead Cells, Hades"). */
const NAMES_LISTED = /^(?:['’]s?)?\s*,\s*$/;

/**
 * The games each number of a sentence is about (D3): the nearest game named before it in its clause,
 * else the nearest after it in its clause (a list of names joined by "and" or commas is one: "Hades
 * and Dead Cells both cost $24.99"). `others` are games whose figures are not in these facts: a number
 * about one of them is about none of `games`. Null for a number whose clause names no game: it is
 * about the games the sentence refers to. `written` are read in `masked`, the sentence with its names
 * masked.
 */
export function gamesOfNumbers<T extends { name: string }>(
  sentence: string,
  written: readonly Written[],
  masked: Masked,
  games: readonly T[],
  others: readonly { name: string }[] = [],
): Array<T[] | null> {
  if (!written.length) return [];
  const own = new Set<{ name: string }>(games);
  const mentions = mentionsOf<{ name: string }>(sentence, [...games, ...others]).map((m) => ({
    game: m.game,
    index: masked.at(m.index),
    end: masked.at(m.end, true),
  }));
  if (!mentions.length) return written.map(() => null);
  const text = masked.text;
  const within = (at: number) =>
    written.some((n) => at >= n.index && at < n.end) || mentions.some((m) => at >= m.index && at < m.end);
  const cuts = [...text.matchAll(/[,;:]/g)].map((m) => m.index).filter((at) => !within(at));
  return written.map((n) => {
    const from = Math.max(-1, ...cuts.filter((c) => c < n.index));
    const to = Math.min(text.length, ...cuts.filter((c) => c >= n.end));
    let at = mentions.findLastIndex((m) => m.end <= n.index && m.index > from);
    if (at < 0) at = mentions.findIndex((m) => m.index >= n.end && m.end <= to);
    if (at < 0) return null;
    let [first, last] = [at, at];
    const gap = (i: number) => text.slice(mentions[i]!.end, mentions[i + 1]!.index);
    for (let listed = false; first > 0; first--)
      if (NAMES_JOINED.test(gap(first - 1))) listed = true;
      else if (!(listed && NAMES_LISTED.test(gap(first - 1)))) break;
    while (last < mentions.length - 1 && NAMES_JOINED.test(gap(last))) last++;
    const about = new Set(mentions.slice(first, last + 1).map((m) => m.game));
    return games.filter((g) => own.has(g) && about.has(g));
  });
}

/**
 * The games a sentence refers to: those it names; naming none, those the nearest sentence before it
 * named ("It has…"); with none named before, the games the text is about (`about`), or the one game
 * when the facts hold only one. Otherwise none: the sentence may cite only figures of no game.
 */
export function gamesReferred<T extends { name: string }>(
  context: SegmentContext & { sentence: string },
  games: readonly T[],
  about: readonly T[] = [],
): T[] {
  let named = gamesNamed(context.sentence, games);
  for (let i = context.at - 1; named.length === 0 && i >= 0; i--)
    named = gamesNamed(context.segments[i]!.text, games);
  if (named.length) return named;
  if (about.length) return [...about];
  return games.length === 1 ? [...games] : [];
}

/**
 * What a text may call games by, where several of them share a name (catalog entries of one title,
 * one per set of platforms: review r25 rev1, finding 7): each such entry by its name and platforms,
 * "Terraria (X360, PS3, PSV)", as the answers label them; and the bare name, "Terraria", for the title,
 * standing for all its entries (a number about it is whichever entry's figure it is). A game of a name
 * no other shares is called by its name. Each name with the games it stands for (`of`).
 */
export interface NameOfGames<T> {
  name: string;
  of: T[];
}

export function entryNames<T extends { name: string }>(
  games: readonly T[],
  platformsOf: (game: T) => readonly string[] | null | undefined,
): NameOfGames<T>[] {
  // One title as the fact sheets and the game page have it (sameTitleKey): a name of no key ("魔塔") is
  // a title of its own (review r26/b #2).
  const titles = new Map<string | T, T[]>();
  for (const g of games) {
    const key = sameTitleKey(g.name) ?? g;
    titles.set(key, [...(titles.get(key) ?? []), g]);
  }
  return [...titles.values()].flatMap((entries): NameOfGames<T>[] => {
    if (entries.length < 2) return [{ name: entries[0]!.name, of: entries }];
    const labelled = entries.map((g) => {
      const platforms = platformsOf(g);
      return { name: platforms?.length ? `${g.name} (${platforms.join(", ")})` : g.name, of: [g] };
    });
    return [...labelled.filter((l) => l.name !== l.of[0]!.name), { name: entries[0]!.name, of: entries }];
  });
}

/** The platforms a game's facts give (`platforms`, search_games' and a same-name entry's sheet). */
export function platformsInFacts(facts: unknown): string[] | null {
  for (const o of Array.isArray(facts) ? facts : [facts]) {
    const platforms = (o as { platforms?: unknown } | null)?.platforms;
    if (Array.isArray(platforms) && platforms.every((p) => typeof p === "string")) return platforms;
  }
  return null;
}

/** Facts without the games in them (checked per game): a filter, counts, a genre's figures. */
export function withoutGames(value: unknown, ids: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutGames(v, ids)).filter((v) => v !== undefined);
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const id = o.gameId ?? o.id;
    if (typeof id === "string" && ids.has(id)) return undefined;
    return Object.fromEntries(
      Object.entries(o)
        .map(([k, v]) => [k, withoutGames(v, ids)] as const)
        .filter(([, v]) => v !== undefined),
    );
  }
  return value;
}

interface GameOfFacts {
  id: string;
  name: string;
  facts: unknown;
}

/** The games in facts (objects with a string gameId and name), and the facts without them. */
function splitGames(facts: unknown): { games: GameOfFacts[]; general: unknown } {
  const games = new Map<string, GameOfFacts>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const item of v) walk(item);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.gameId === "string" && typeof o.name === "string") {
        const known = games.get(o.gameId);
        games.set(o.gameId, { id: o.gameId, name: o.name, facts: known ? [known.facts, o] : o });
      } else for (const child of Object.values(o)) walk(child);
    }
  };
  walk(facts);
  return { games: [...games.values()], general: withoutGames(facts, new Set(games.keys())) };
}

/** A field that is a figure of many games together: an average, a median, the market's or overall. */
const isAggregate = (path: string) =>
  wordsOf(path.replace(/\[\d+\]/g, "")).some((w) =>
    ["average", "avg", "mean", "median", "overall", "market"].includes(w),
  );
/** Words of a sentence about many games together: "averaging 235.5% growth", "the market", "trending games". */
const AGGREGATE_TALK =
  /\b(?:averag\w*|mean|median|market\w*|overall|typical\w*|across|on the whole|trending games|all (?:the )?(?:trending )?games|games (?:are|were) trending|segment\w*|genre\w*)\b/i;

/**
 * The number check of a text about several games, game by game (as each game's text in Game
 * Analysis): a sentence may cite the figures of the games it refers to (gamesReferred) and the
 * figures that belong to no game (a filter, a count, a genre's or the market's figures), never
 * another game's.
 */
export class GamesGrounding extends Grounding {
  /**
   * Names of games whose figures are not in these facts (catalog games the chat's text names, the
   * other games of a Game Analysis): a sentence naming one of them and none of these facts' games is
   * about that game, and may cite no game's figures here.
   */
  readonly otherGames = new Set<string>();
  private readonly games: Array<{ id: string; name: string; facts: Fact[] }>;
  /** What the text may call the games by (entryNames): entries of one name by their platforms. */
  private readonly called: NameOfGames<{ id: string; name: string; facts: Fact[] }>[];
  private readonly general: Fact[];
  private readonly about: Array<{ id: string; name: string; facts: Fact[] }>;
  /** The figures of all the games (an average, the market's): fixed for these facts. */
  private readonly aggregate: Set<Fact>;
  /** `otherGames` less these facts' games, kept until `otherGames` grows (the chat adds names). */
  private others: { size: number; games: Array<{ name: string }> } | null = null;

  constructor(
    all: unknown,
    games: readonly GameOfFacts[],
    general: unknown,
    about: readonly string[] = [],
    shared?: Shared,
  ) {
    super(all, shared);
    this.games = games.map((g) => ({ id: g.id, name: g.name, facts: factsIn(g.facts) }));
    const platforms = new Map(games.map((g) => [g.id, platformsInFacts(g.facts)]));
    this.called = entryNames(this.games, (g) => platforms.get(g.id));
    this.general = factsIn(general);
    this.about = this.games.filter((g) => about.includes(g.id));
    this.aggregate = new Set(this.general.filter((f) => isAggregate(f.path)));
    for (const g of games) this.names.add(g.name);
    for (const c of this.called) this.names.add(c.name);
  }

  /** The games a sentence may name whose figures are not here (see `otherGames`). */
  private otherGamesNamed(): Array<{ name: string }> {
    if (this.others?.size !== this.otherGames.size) {
      const own = new Set(this.games.map((g) => g.name));
      this.others = {
        size: this.otherGames.size,
        games: [...this.otherGames].filter((name) => !own.has(name)).map((name) => ({ name })),
      };
    }
    return this.others.games;
  }

  protected override factsFor(sentence: string, context: SegmentContext): Fact[] {
    const others = this.otherGamesNamed();
    const about = this.called.filter((c) => c.of.some((g) => this.about.includes(g)));
    const referred =
      others.length && gamesNamed(sentence, this.called).length === 0 && gamesNamed(sentence, others).length
        ? []
        : gamesReferred({ ...context, sentence }, this.called, about);
    return [...this.general, ...[...new Set(referred.flatMap((c) => c.of))].flatMap((g) => g.facts)];
  }

  /** A number whose clause names a game is that game's (gamesOfNumbers); others, the sentence's games'. */
  protected override factsOfNumbers(
    sentence: string,
    context: SegmentContext,
    written: readonly Written[],
    masked: Masked,
  ): Fact[][] {
    const about = gamesOfNumbers(sentence, written, masked, this.called, this.otherGamesNamed());
    const whole = about.some((games) => games == null) ? this.factsFor(sentence, context) : [];
    const facts = about.map((called) =>
      called
        ? [...this.general, ...[...new Set(called.flatMap((c) => c.of))].flatMap((g) => g.facts)]
        : whole,
    );
    // A figure of all the games (an average, the market's) is no one game's (D5): it backs only a
    // sentence that speaks of the average, the market or the games in general.
    if (AGGREGATE_TALK.test(sentence) || this.aggregate.size === 0) return facts;
    return facts.map((list) => list.filter((f) => !this.aggregate.has(f)));
  }
}

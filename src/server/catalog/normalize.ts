import { plainName } from "../sources/plain-text.ts";

/**
 * The name-matching key (issue 4): lower case, accents and trademark signs removed, punctuation
 * folded to spaces. "Baldur's Gate 3" and "BALDUR’S GATE™ 3" give the same key.
 */
export function normalizeName(name: string): string {
  // Plain ASCII has no trademark sign or accent, and NFKD leaves it as it is: three passes fewer.
  if (isAscii(name))
    return name
      .toLowerCase()
      .replace(/['’`]/g, "")
      .replace(/&/g, " and ")
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  return (
    name
      // Before NFKD, which would turn "™" into the letters "TM".
      .replace(/[™®©℠]/g, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/['’`]/g, "")
      .replace(/&/g, " and ")
      .replace(/[^a-z0-9]+/g, " ")
      .trim()
  );
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * A text as words of any script, for finding a name inside a sentence: like `normalizeName`
 * (trademark signs and accents dropped, case folded) but keeping non-Latin letters ("魔塔", "ストライダー")
 * and turning every other character into a space.
 */
export function wordsKey(text: string): string {
  return text
    .replace(/[™®©℠]/g, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The letters of a name its name-matching key leaves out (those of scripts other than Latin, "ß"):
 * "魔塔" and "勇者" both have the empty key, "ストライダー 2" and "ロックマン 2" the key "2", and are no
 * more the same title than two names that differ in Latin letters.
 */
export function droppedLetters(name: string): string {
  return wordsKey(name).replace(/[a-z0-9 ]/g, "");
}

/**
 * What makes two catalog entries one title (docs/decisions/031-same-title-entries.md): the same
 * name-matching key and the same letters that key drops. Null for a name whose key is empty (every
 * name of CJK, Cyrillic… letters alone, or of signs alone): such names are never grouped, as the game
 * page links none (`sameTitleRows`). Entries whose keys are equal and not null are one title.
 */
export function sameTitleKey(name: string): string | null {
  const key = normalizeName(name);
  return key ? `${key}\u0000${droppedLetters(name)}` : null;
}

/**
 * A name's page address (`/companies/:slug`): the name-matching key with hyphens for a name in Latin
 * letters ("Bandai Namco Entertainment" → "bandai-namco-entertainment"). A name with letters or digits
 * of another script ("乐客游戏", "Почежерцев Влад", "КиКо Studio") keeps them, case folded, hyphens
 * between words ("乐客游戏", "почежерцев-влад", "кико-studio"): the key would drop them, and every such
 * company shared one page (review 10 b, item 3). Links percent-encode it. A name of no letters or
 * digits at all ("???") gets "company-" and a hash of its text, so it still has a page of its own.
 */
export function slugify(name: string): string {
  const key = normalizeName(name);
  if (!hasOtherScript(name)) {
    return key ? slugOfNormalized(key) : `company-${Bun.hash(name.trim()).toString(36)}`;
  }
  const words = name
    .replace(/[™®©℠]/g, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return cutAt(words, 80).replace(/-+$/, "");
}

/** Whether a name has a letter or digit that the name-matching key drops (one of another script than Latin). */
function hasOtherScript(name: string): boolean {
  return /[\p{L}\p{Nd}]/u.test(
    name
      .normalize("NFKD")
      .replace(/[\p{Script=Latin}0-9]/gu, "")
      .replace(/\p{M}/gu, ""),
  );
}

/** The first `max` UTF-16 units of a text, without cutting a character in two. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Whether a text is the form of a slug `slugify` gives (a company page's address, decoded). */
export function isSlug(text: string): boolean {
  return (
    /^[\p{L}\p{M}\p{N}]+(-[\p{L}\p{M}\p{N}]+)*$/u.test(text) &&
    text.length <= 80 &&
    text === text.toLowerCase()
  );
}

/**
 * The company of a credit whose slug this is, or null. A credit names every developer (or publisher)
 * of a game as its sources list them, comma-separated ("FromSoftware Inc., Bandai Namco
 * Entertainment"; VGChartz's "Infinity Ward, Sledgehammer Games"): each company's page holds the game
 * (docs/decisions/007-importers.md, addendum on co-credits).
 */
export function companyOfCredit(credit: string | null | undefined, slug: string): string | null {
  if (credit == null) return null;
  return creditSlugs(credit).get(slug) ?? null;
}

/** The companies of a stored credit (splitCompanies), each split once per process. */
export function creditCompanies(credit: string): readonly string[] {
  return creditOf(credit).names;
}

/**
 * The company pages of a stored credit: each company's slug (slugOf) once, with the first spelling the
 * credit gives it ("Valve, VALVE" is one page, named "Valve"), in the credit's order. Remembered with
 * the credit's companies: a game page, the company list and the catalog index all ask for it.
 */
export function creditSlugs(credit: string): ReadonlyMap<string, string> {
  const entry = creditOf(credit);
  if (!entry.slugs) {
    const slugs = new Map<string, string>();
    for (const name of entry.names) {
      const slug = slugOf(name);
      if (!slugs.has(slug)) slugs.set(slug, name);
    }
    entry.slugs = slugs;
  }
  return entry.slugs;
}

function creditOf(credit: string): { names: readonly string[]; slugs?: ReadonlyMap<string, string> } {
  let entry = CREDITS.get(credit);
  if (!entry) {
    if (CREDITS.size >= 50_000) CREDITS.clear();
    entry = { names: splitCompanies(credit) };
    CREDITS.set(credit, entry);
  }
  return entry;
}
const CREDITS = new Map<string, { names: readonly string[]; slugs?: ReadonlyMap<string, string> }>();

/** slugify, remembered: company pages and the catalog index ask for the same few thousand names. */
export function slugOf(name: string): string {
  let slug = SLUGS.get(name);
  if (slug === undefined) {
    if (SLUGS.size >= 50_000) SLUGS.clear();
    slug = slugify(name);
    SLUGS.set(name, slug);
  }
  return slug;
}
const SLUGS = new Map<string, string>();

/**
 * A game's credit as stored (games.developer, games.publisher): every real company its source names,
 * in the source's order, joined by ", " as SteamSpy and VGChartz write them (placeholders such as
 * "Unknown" and repeated names dropped, a company named twice in two spellings kept in its first), or
 * null for none.
 */
export function joinCompanies(names: readonly (string | null | undefined)[]): string | null {
  const kept: string[] = [];
  for (const name of names) {
    const company = companyName(name);
    // One name per company page: "Rockin' Android" and "Rockin Android" are one company (review 11 a, item 6).
    if (company && !kept.some((k) => slugOf(k) === slugOf(company))) kept.push(company);
  }
  return kept.length ? kept.join(", ") : null;
}

/**
 * A game's slug base (games.slug) from its name key: "game" when the key is empty, made unique by the
 * year or store id (write.ts). Game slugs name export files only; company slugs are `slugify`'s.
 */
export function slugOfNormalized(normalized: string): string {
  return normalized.replace(/ /g, "-").slice(0, 80) || "game";
}

/**
 * A name as text to find a query in: case, accents, trademark signs and apostrophe variants folded,
 * every other character kept. "NARAKA: BLADEPOINT" → "naraka: bladepoint", "Baldur’s" → "baldur's".
 */
export function foldName(name: string): string {
  return name
    .replace(/[™®©℠]/g, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’`]/g, "'");
}

/**
 * Whether a name holds a query (the screener's `q`, "part of the name, case-insensitive"). A query of
 * words alone — ASCII letters and digits once accents are removed, spaces, apostrophes — is found in
 * the name-matching key, so "baldurs gate" finds "Baldur’s Gate 3". Any other character (`%`, `_`,
 * `-`, `:`, `+`, letters the key has no place for such as "ストライダー") would vanish from the key,
 * and a query such as "%" would then match every game: such a query must appear in the folded name
 * as written. Null for an empty query (no filter).
 */
export function nameQuery(q: string): { key: string } | { folded: string } | null {
  const text = q.trim();
  if (!text) return null;
  const bare = text
    .replace(/[™®©℠]/g, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  if (/^[A-Za-z0-9\s'’`]*$/.test(bare)) {
    const key = normalizeName(text);
    if (key) return { key };
  }
  return { folded: foldName(text) };
}

/** A company-name ending that follows a comma inside one name ("CAPCOM Co., Ltd.", "Bluehole, Inc."). */
const COMPANY_SUFFIX =
  /^\.?\s*(inc|ltd|llc|l\.l\.c|co|corp|corporation|company|gmbh|s\.?a|s\.?r\.?l|s\.?\s?r\.?\s?o|s\.?l|a\.?s|ab|oy|ag|plc|pty|kk|k\.k|limited|incorporated|b\.?v|sas|s\.?a\.?s|spa|s\.?p\.?a)\.?$/i;

/**
 * The companies in a comma-separated credit as SteamSpy gives it ("Valve, Hidden Path
 * Entertainment"), without cutting a name at its own comma ("CAPCOM Co., Ltd.", "Monolith
 * Productions, Inc.") or inside brackets ("Aspyr (Mac, Linux)"). HTML entities SteamSpy leaves in
 * ("&amp;") are decoded as every source's names are (plainName).
 */
export function splitCompanies(credit: string | null | undefined): string[] {
  if (!credit) return [];
  const text = plainName(credit);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "[") depth++;
    else if ((ch === ")" || ch === "]") && depth > 0) depth--;
    // A comma between digits is a number's ("2,000 Damage").
    else if ((ch === "," && depth === 0 && !/\d,\d/.test(text.slice(i - 1, i + 2))) || i === text.length) {
      const part = text.slice(start, i).trim();
      start = i + 1;
      if (!part) continue;
      if (parts.length && COMPANY_SUFFIX.test(part)) parts[parts.length - 1] += `, ${part}`;
      else parts.push(part);
    }
  }
  return parts;
}

/**
 * A company as the datasets name it, or null for their placeholders: VGChartz's publisher "Unknown"
 * and "N/A", Steam's developer "Unknown" (any case) are no company, not one company of that name.
 */
export function companyName(value: string | null | undefined): string | null {
  const name = value?.trim();
  return name && !/^(unknown|n\/a)$/i.test(name) ? name : null;
}

/**
 * The words a company's name ends with that say what kind of company it is in law (or, for "Software",
 * what it once sold), not which company (docs/decisions/033-company-aliases.md): "Valve", "Valve
 * Software" and "Valve Corporation" are one studio as Steam and VGChartz spell it. As slug words, so
 * "Co., Ltd." is ["co"], ["ltd"] and "S.A." is ["s", "a"]. "Games", "Studio(s)", "Entertainment",
 * "Interactive" and "Company" are not among them: in the catalog they tell apart as many companies as they
 * join (Sandlot and Sandlot Games, Disney and Disney Interactive, 1C and 1C Entertainment).
 */
const COMPANY_SUFFIXES: readonly (readonly string[])[] = [
  ["software"],
  ["inc"],
  ["incorporated"],
  ["llc"],
  ["ltd"],
  ["limited"],
  ["co"],
  ["corp"],
  ["corporation"],
  ["plc"],
  ["pty"],
  ["gmbh"],
  ["ag"],
  ["sa"],
  ["s", "a"],
  ["sas"],
  ["s", "l"],
  ["sl"],
  ["srl"],
  ["s", "r", "l"],
  ["s", "r", "o"],
  ["sp", "z", "o", "o"],
  ["bv"],
  ["b", "v"],
  ["ab"],
  ["a", "s"],
  ["oy"],
  ["ou"],
  ["kft"],
  ["kk"],
  ["k", "k"],
];

/**
 * What a company name may hold besides letters, digits and spaces and still be read whole by its slug:
 * the punctuation of legal forms and of ordinary names ("Gearbox Software, LLC", "Kool2play sp. z
 * o.o.", "Yuke's", "Hand-made", "Foo & Bar", "Foo (Japan)"), and the trademark signs. Any other symbol
 * ("Games++", "][ Games Inc", "Studio #1") is dropped by the slug while it may be what tells two
 * companies apart.
 */
const SLUG_SAFE_SYMBOLS = /[\s.,'’`&()\-™®©℠]/gu;

/**
 * The key that joins a company page to its other spellings' pages (docs/decisions/033-company-aliases.md):
 * its slug without the legal or corporate suffix words it ends with (COMPANY_SUFFIXES), as many as it
 * has ("Gearbox Software, LLC" → "gearbox"), but never its first word ("Software Inc." → "software").
 * Every other word stays, so a division ("Ubisoft Montreal") never meets its parent ("Ubisoft").
 * Null for a name whose slug drops a symbol of it (SLUG_SAFE_SYMBOLS): "Games++" and "][ Games Inc"
 * slug to "games" and "games-inc", one key once "Inc" goes, for two unrelated developers (review
 * r28-a #5). Such a name is linked to no other.
 */
export function companyAliasKey(name: string): string | null {
  if (/[^\p{L}\p{M}\p{N}]/u.test(name.replace(SLUG_SAFE_SYMBOLS, ""))) return null;
  const slug = slugOf(name);
  const words = slug.split("-");
  let end = words.length;
  for (let stripped = true; stripped; ) {
    stripped = false;
    for (const suffix of COMPANY_SUFFIXES) {
      if (end - suffix.length < 1) continue;
      if (suffix.every((w, i) => words[end - suffix.length + i] === w)) {
        end -= suffix.length;
        stripped = true;
        break;
      }
    }
  }
  return end === words.length ? slug : words.slice(0, end).join("-");
}

import { expect, test } from "vitest";
import { normalizeName } from "../../src/server/catalog/normalize.ts";
import { othersFloor, rankCandidates, scorer, searchTokens } from "../../src/server/catalog/search.ts";
import { type IndexedGame, SearchIndex } from "../../src/server/catalog/search-index.ts";
import { picker, seededRandom } from "../helpers/random.ts";

/**
 * Search stops collecting games matched through developer, publisher or tags once none of them could
 * be among the answered (search.ts, othersFloor). The answers must be exactly those of scoring every
 * candidate, as before: checked against that on a catalog where many queries reach those matches.
 */
const random = seededRandom(7);
const vocabulary = [
  "shadow",
  "shade",
  "iron",
  "irony",
  "neon",
  "legend",
  "kingdom",
  "drift",
  "saga",
  "pixel",
];
const pick = picker(random, vocabulary);

function makeGame(i: number): IndexedGame {
  const name = `${pick()} ${pick()}${random() < 0.3 ? ` ${pick()}` : ""} ${i}`;
  return {
    id: `g${i}`,
    name,
    normalizedName: normalizeName(name),
    developer: `${pick()} ${pick()} studio`,
    publisher: random() < 0.3 ? `${pick()} works` : null,
    tags: JSON.stringify([pick(), pick()]),
    // Popularity on the product's scale (0 to about 50), with ties.
    popularity: Math.round(random() * 50 * 4) / 4,
  };
}

/** Every candidate scored as the ranking documents it, best first (ties in candidate order). */
function reference(index: SearchIndex, q: string, limit: number) {
  const tokens = searchTokens(q);
  const wanted = normalizeName(q);
  return index
    .candidates(tokens, 300)
    .map((g) => {
      // 10 for each query word a name word starts with, 5 more where it is that whole word.
      const words = g.normalizedName.split(" ");
      const inName = tokens.filter((t) => words.some((w) => w.startsWith(t))).length;
      const whole = tokens.filter((t) => words.includes(t)).length;
      let score = (inName * 10 + whole * 5) / tokens.length + g.popularity * 0.5;
      if (g.normalizedName === wanted) score += 25;
      else if (g.normalizedName.startsWith(wanted)) score += 8;
      return { id: g.id, score: Math.round(score * 100) / 100 };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

const queries: string[] = [];
for (const a of vocabulary) {
  queries.push(a, a.slice(0, 3));
  for (const b of vocabulary) {
    queries.push(`${a} ${b}`, `${a} ${b.slice(0, 2)}`, `${a} ${b} studio`, `${a} works`, `${a} ${b} 1`);
  }
}
queries.push("shadow iron 12", "neon saga pixel", "кошка", "shadow ведьмак");

test("the answered games and their order are those of scoring every candidate", async () => {
  const games = Array.from({ length: 6000 }, (_, i) => makeGame(i));
  const index = await SearchIndex.fromSliced(games);
  let cut = 0;
  for (const q of queries) {
    for (const limit of [1, 5, 20]) {
      const expected = reference(index, q, limit);
      expect(rankCandidates(q, searchTokens(q), index, limit), `${q} (${limit})`).toEqual(expected);
    }
    // The first 20 of 50 are the 20: the chat reads a search for 50 as one for 20 (chat.ts, nameSearches).
    expect(rankCandidates(q, searchTokens(q), index, 50).slice(0, 20), `${q} (50)`).toEqual(
      rankCandidates(q, searchTokens(q), index, 20),
    );
    const tokens = searchTokens(q);
    const score = scorer(q, tokens);
    const floored = index.candidates(tokens, 300, (named) => othersFloor(tokens, named.map(score), 20));
    if (floored.length < index.candidates(tokens, 300).length) cut++;
  }
  // The check means something only if the floor left out games for many queries.
  expect(cut).toBeGreaterThan(30);

  // With games added since the last numbering pending, the floor is not used: still the same answers.
  for (let i = 6000; i < 6050; i++) index.put(makeGame(i));
  for (const q of queries.slice(0, 200)) {
    expect(rankCandidates(q, searchTokens(q), index, 20), q).toEqual(reference(index, q, 20));
  }
});

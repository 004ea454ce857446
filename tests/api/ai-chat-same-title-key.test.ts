import { beforeAll, describe, expect, test } from "vitest";
import { sameNamedEntries } from "../../src/server/ai/chat.ts";
import { entryNames } from "../../src/server/ai/grounding.ts";
import { analystTools, coverTitles, newLedger } from "../../src/server/ai/tools.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";

/**
 * The analyst's titles are the game page's (docs/decisions/031-same-title-entries.md, review r26/b #2):
 * names of another script all have the empty name key ("魔塔", "勇者") and "ストライダー 2" and "ロックマン 2"
 * share the key "2", yet none is an entry of another. game_facts told the model “魔塔” was one of N
 * entries (every CJK-named game of the catalog), and an answer counted "ストライダー 2" and "ロックマン 2"
 * as one title, calling one an entry of the other. Grand Theft Auto V's entries stay one title.
 */
const llm = withFakeLlm();
const ctx = { toolCallId: "t", messages: [], context: {} };
let premium: TestUser;
const id: Record<string, string> = {};
const gta: string[] = [];

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const games = [
    { name: "魔塔", releaseYear: 2019, platforms: ["PC"] },
    { name: "勇者", releaseYear: 2020, platforms: ["PC"] },
    { name: "三国志", releaseYear: 2021, platforms: ["PC"] },
    { name: "ストライダー 2", releaseYear: 1990, platforms: ["GEN"] },
    { name: "ロックマン 2", releaseYear: 1988, platforms: ["NES"] },
    { name: "Hades", releaseYear: 2020, platforms: ["PC"] },
    { name: "Dota 2", releaseYear: 2013, platforms: ["PC"] },
  ];
  const { ids } = await upsertGames(
    [
      ...games,
      { name: "Grand Theft Auto V", releaseYear: 2013, platforms: ["PS3", "X360"] },
      { name: "Grand Theft Auto V", releaseYear: 2014, platforms: ["PS4", "XOne"] },
      { name: "Grand Theft Auto V", releaseYear: 2015, platforms: ["PC"] },
    ],
    "test",
  );
  games.forEach((g, i) => {
    id[g.name] = ids[i]!;
  });
  gta.push(...ids.slice(games.length));
  expect(new Set(ids).size).toBe(games.length + 3);
});

const tools = () => analystTools(newLedger());
const facts = async (gameId: string) =>
  (await tools().game_facts.execute!({ gameId }, ctx)) as Record<string, unknown>;

describe("game_facts", () => {
  test("a name of the empty key has no same-name entries: other CJK names are other games", async () => {
    const sheet = await facts(id.魔塔!);
    expect(sheet.name).toBe("魔塔");
    expect(sheet).not.toHaveProperty("sameNameEntries");
    expect(sheet).not.toHaveProperty("sameNameNote");
  });

  test("names that share a key but not the letters it drops are not entries of one title", async () => {
    for (const name of ["ストライダー 2", "ロックマン 2"]) {
      const sheet = await facts(id[name]!);
      expect(sheet, name).not.toHaveProperty("sameNameEntries");
    }
  });

  test("Grand Theft Auto V's entries still name each other", async () => {
    for (const gameId of gta) {
      const sheet = (await facts(gameId)) as {
        sameNameEntries: Array<{ gameId: string }>;
        sameNameNote: string;
      };
      expect(sheet.sameNameEntries.map((e) => e.gameId).sort()).toEqual(
        gta.filter((g) => g !== gameId).sort(),
      );
      expect(sheet.sameNameNote).toMatch(/^The catalog holds “Grand Theft Auto V” as 3 entries by platform/);
    }
  });
});

describe("titles counted towards the 5 an answer covers", () => {
  const six = ["ストライダー 2", "ロックマン 2", "魔塔", "勇者", "Hades", "Dota 2"];

  test("coverTitles: each of these names is a title of its own; GTA V's entries are one", () => {
    const games = six.map((name) => ({ id: id[name]!, name }));
    const cover = coverTitles(games);
    expect(cover.covered.map((g) => g.name)).toEqual(six.slice(0, 5));
    expect(cover.titlesLeftOut).toEqual([[games[5]]]);
    const withGta = coverTitles([
      ...gta.map((g) => ({ id: g, name: "Grand Theft Auto V" })),
      ...games.slice(0, 4),
    ]);
    expect(withGta.covered).toHaveLength(3 + 4);
    expect(withGta.titlesLeftOut).toEqual([]);
  });

  test("compare_games: the sixth title is the one said left out, and no name is called an entry of another", async () => {
    const result = (await tools().compare_games.execute!({ gameIds: six.map((n) => id[n]!) }, ctx)) as {
      games: Array<{ name: string; sameNameEntries?: unknown }>;
      leftOut: string;
    };
    expect(result.games.map((g) => g.name)).toEqual(six.slice(0, 5));
    expect(result.games.filter((g) => g.sameNameEntries)).toEqual([]);
    expect(result.leftOut).toBe(
      "An answer covers at most 5 games, so “Dota 2” was left out: ask about it separately.",
    );
  });

  test("the model reads no same-name note for two names that share the key “2”", async () => {
    llm.queue.push(
      {
        kind: "stream",
        toolCalls: [
          { name: "compare_games", arguments: { gameIds: [id["ストライダー 2"]!, id["ロックマン 2"]!] } },
        ],
      },
      { kind: "stream", text: ["ストライダー 2 and ロックマン 2 are in the catalog."] },
    );
    const answer = await chatAnswer("Compare ストライダー 2 and ロックマン 2", premium.cookie);
    const toolMessage = llm.requests[1]!.body.messages.findLast((m: { role: string }) => m.role === "tool");
    expect(toolMessage.content).not.toContain("sameNameNote");
    expect(answer.content).toBe("ストライダー 2 and ロックマン 2 are in the catalog.");
  });
});

describe("names in an answer's text (entryNames)", () => {
  test("names of no key are each a game's own name; names of one title are its entries", () => {
    const called = entryNames(
      [
        { id: "a", name: "???" },
        { id: "b", name: "!!!" },
        { id: "c", name: "Tom & Jerry" },
        { id: "d", name: "Tom and Jerry" },
      ],
      (g) => ({ a: ["PC"], b: ["PS4"], c: ["NES"], d: ["GB"] })[g.id],
    );
    expect(called.map((c) => [c.name, c.of.map((g) => g.id)])).toEqual([
      ["???", ["a"]],
      ["!!!", ["b"]],
      ["Tom & Jerry (NES)", ["c"]],
      ["Tom and Jerry (GB)", ["d"]],
      ["Tom & Jerry", ["c", "d"]],
    ]);
  });
});

describe("the games a question names (sameNamedEntries)", () => {
  const candidate = (name: string, platforms: string[]) => ({ id: id[name]!, name, platforms });

  test("a name of the empty key, or sharing a key with another name, brings no other game along", () => {
    const candidates = [
      candidate("魔塔", ["PC"]),
      candidate("勇者", ["PC"]),
      candidate("ストライダー 2", ["GEN"]),
      candidate("ロックマン 2", ["NES"]),
    ];
    expect(sameNamedEntries("How is 魔塔 doing?", [{ id: id.魔塔!, name: "魔塔" }], candidates)).toEqual([
      { id: id.魔塔, name: "魔塔" },
    ]);
    expect(
      sameNamedEntries(
        "How is ストライダー 2 doing?",
        [{ id: id["ストライダー 2"]!, name: "ストライダー 2" }],
        candidates,
      ),
    ).toEqual([{ id: id["ストライダー 2"], name: "ストライダー 2" }]);
  });

  test("a title's entries still come together, oldest first", () => {
    const candidates = gta.map((g, i) => ({
      id: g,
      name: "Grand Theft Auto V",
      platforms: [["PS3", "X360"], ["PS4", "XOne"], ["PC"]][i]!,
      releaseYear: 2013 + i,
    }));
    expect(
      sameNamedEntries(
        "How is Grand Theft Auto V doing?",
        [{ id: gta[2]!, name: "Grand Theft Auto V" }],
        candidates,
      ).map((g) => [g.id, g.platforms]),
    ).toEqual([
      [gta[0], ["PS3", "X360"]],
      [gta[1], ["PS4", "XOne"]],
      [gta[2], ["PC"]],
    ]);
  });
});

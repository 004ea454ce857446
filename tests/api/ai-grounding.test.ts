import { describe, expect, test } from "vitest";
import { citationsOf } from "../../src/server/ai/chat.ts";
import {
  Grounding,
  isShortForm,
  maskNames,
  namesFound,
  nonNumbersIn,
  numbersIn,
  segmentsOf,
} from "../../src/server/ai/grounding.ts";
import { newLedger } from "../../src/server/ai/tools.ts";

/**
 * The number check of the AI analyst (src/server/ai/grounding.ts) and the citations of its answers:
 * what a written number must be to count as one of the facts, how a text is cut into the pieces
 * the check keeps or drops, and which games a text names.
 */
describe("a number must be the fact, with its sign and its unit", () => {
  test("a decline does not pass as growth; a count does not pass as a percentage", () => {
    const grounding = new Grounding({ tools: [{ growthPct: -42.5, reviews: 45 }] });
    expect(grounding.text("a", "X grew 42.5% this quarter. X has 45% positive reviews.")).toBe("");
    expect(grounding.dropped.map((d) => d.unknown)).toEqual([["42.5%"], ["45%"]]);
  });

  test("a decline said as one passes: fell, down, a minus sign; a count written as a count passes", () => {
    const grounding = new Grounding({ tools: [{ growthPct: -42.5, reviews: 45 }] });
    const text =
      "X fell 42.5% this quarter. X was down 42.5%. X moved −42.5% on the quarter. X has 45 reviews.";
    expect(grounding.text("a", text)).toBe(text);
    expect(grounding.dropped).toEqual([]);
  });

  test("growth does not pass as a decline, nor a positive figure with a minus sign", () => {
    const grounding = new Grounding({ tools: [{ changePct: 12.5, positiveSharePct: 80 }] });
    expect(grounding.text("a", "Players fell 12.5% this month.")).toBe("");
    expect(grounding.text("a", "Its share is -80%.")).toBe("");
    // A share is a level, not a change: it may be said to have fallen to a value.
    expect(grounding.text("a", "Its positive share fell to 80%.")).toBe("Its positive share fell to 80%.");
    expect(grounding.text("a", "Players grew 12.5% while X fell 10%.")).toBe("");
  });

  test("two numbers of one sentence are read in their own clauses", () => {
    const grounding = new Grounding({ tools: [{ growthPct: 10 }, { growthPct: -42.5 }] });
    const text = "X grew 10% and Y fell 42.5% this quarter.";
    expect(grounding.text("a", text)).toBe(text);
  });
});

describe("numbers in words and multipliers are numbers too", () => {
  const facts = { games: [{ name: "Dota 2", players: { averageLast7Days: 412_000 }, reviews: 3 }] };

  test("an invented figure in words, or a multiplier, is dropped", () => {
    const grounding = new Grounding(facts);
    const text = [
      "Dota 2 will reach five million daily players next month.",
      "Expect 3x growth.",
      "Dota 2 will grow tenfold next month.",
      "Players doubled.",
      "Twenty-five thousand players joined.",
      "It has forty percent more players.",
      "It grew 10-fold.",
    ].join(" ");
    expect(grounding.text("a", text)).toBe("");
    expect(grounding.dropped.map((d) => d.unknown)).toEqual([
      ["five million"],
      ["3x"],
      ["tenfold"],
      ["doubled"],
      ["Twenty-five thousand"],
      ["forty percent"],
      ["10-fold"],
    ]);
  });

  test("a fact written in words passes; 'one' to 'nineteen' alone are prose; a multiplier is no count of 3", () => {
    expect(
      numbersIn("one hundred and twenty, a dozen, seventeen and seventy-seven").map((n) => n.value),
    ).toEqual([120, 12, 77]);
    const grounding = new Grounding(facts);
    const kept =
      "Dota 2 averages about four hundred twelve thousand players. One of the two games has three reviews.";
    expect(grounding.text("a", kept)).toBe(kept);
    // 3 is a fact (reviews), but "3x" says a multiple, which no fact is.
    expect(grounding.text("a", "Dota 2 has 3 reviews. Dota 2 grew 3x.")).toBe("Dota 2 has 3 reviews.");
  });
});

describe("a multiplier is read however it is written", () => {
  const facts = { games: [{ name: "Dota 2", sentimentOutOf5: 4.1, reviews: 2, growthPct: 4.9 }] };

  test("'4.1X', '4.9 fold', '4.9 Fold' and 'two fold' are multipliers, never the plain figures 4.1, 4.9 or 2", () => {
    const grounding = new Grounding(facts);
    grounding.names.add("Dota 2");
    const text = [
      "Dota 2 reviews grew 4.1X in a year.",
      "Dota 2 players rose 4.9 fold.",
      "Dota 2 players rose 4.9 Fold.",
      "Dota 2 sells two fold.",
      "Dota 2 sells two - fold.",
      "Dota 2 is rated 4.1 out of 5.",
    ].join(" ");
    expect(grounding.text("a", text)).toBe("Dota 2 is rated 4.1 out of 5.");
    expect(grounding.dropped.map((d) => d.unknown)).toEqual([
      ["4.1X"],
      ["4.9 fold"],
      ["4.9 Fold"],
      ["two fold"],
      ["two - fold"],
    ]);
    expect(numbersIn("It grew 4.1X, 4.9 fold and two fold.").map((n) => [n.value, n.multiplier])).toEqual([
      [4.1, true],
      [4.9, true],
      [2, true],
    ]);
  });

  // A catalog game the text names but no tool returned ("Cyberpunk 2077"): its digits are no figure
  // for the check, so they cite none either (the code review's item: citations masked tool names only).
  test("a catalog game's name the check masks cites nothing with its digits", () => {
    const l = newLedger();
    l.games.set("d2", { name: "Dota 2", facts: { gameId: "d2", name: "Dota 2", releaseYear: 2077 } });
    const text = "Dota 2 outsold Cyberpunk 2077 early on.";
    expect(citationsOf(text, l)[0]!.figures).toEqual([{ label: "releaseYear", value: 2077 }]);
    expect(citationsOf(text, l, ["Cyberpunk 2077"])[0]!.figures).toEqual([]);
  });

  test("the multipliers the check drops cite no figure", () => {
    const l = newLedger();
    l.games.set("d2", { name: "Dota 2", facts: { gameId: "d2", name: "Dota 2", sentimentOutOf5: 4.1 } });
    expect(citationsOf("Dota 2 reviews grew 4.1X in a year.", l)[0]!.figures).toEqual([]);
    expect(citationsOf("Dota 2 players rose 4.1 fold.", l)[0]!.figures).toEqual([]);
    expect(citationsOf("Dota 2 is rated 4.1.", l)[0]!.figures).toEqual([
      { label: "sentimentOutOf5", value: 4.1 },
    ]);
  });
});

describe("numbers in words are rounded as their digits would be", () => {
  const facts = {
    games: [
      { name: "Dota 2", reviews: 2_015_370 },
      { name: "Portal 2", reviews: 351_862 },
    ],
  };

  test("'two million' is '2 million': both pass for 2,015,370, and both fail for 2,600,000", () => {
    const grounding = new Grounding(facts);
    const text = "Dota 2 has about two million reviews. Dota 2 has about 2 million reviews.";
    expect(grounding.text("a", text)).toBe(text);
    expect(grounding.dropped).toEqual([]);
    const other = new Grounding({ games: [{ reviews: 2_600_000 }] });
    expect(other.text("a", "It has about two million reviews. It has about 2 million reviews.")).toBe("");
  });

  test("the place is the scale the words end on: thousands for '… fifty thousand', units for 'twenty-five'", () => {
    expect(
      numbersIn("two million, three hundred fifty thousand, a million two hundred, twenty-five, a dozen").map(
        (n) => [n.value, n.tolerance],
      ),
    ).toEqual([
      [2e6, 5e5],
      [350_000, 500],
      [1_000_200, 0.5],
      [25, 0.5],
      [12, 0.5],
    ]);
    // 351,862 to the thousand is 352 thousand: "350 thousand" is no rounding of it, in words or digits.
    const grounding = new Grounding(facts);
    expect(
      grounding.text(
        "a",
        "Portal 2 has three hundred fifty-two thousand reviews. Portal 2 has three hundred fifty thousand reviews. Portal 2 has 350K reviews.",
      ),
    ).toBe("Portal 2 has three hundred fifty-two thousand reviews.");
  });
});

describe("game names are no numbers", () => {
  test("the digits of a name given are masked; the figures beside them are still checked", () => {
    expect(
      maskNames("Dota 2 and Cyberpunk 2077 have 9 reviews.", ["Dota 2", "Cyberpunk 2077", "Hades"]),
    ).toBe("Name and Name have 9 reviews.");
    // As written only: "60 seconds" is not the game "60 Seconds!"; a longer name is not cut.
    expect(maskNames("Wait 60 seconds.", ["60 Seconds!"])).toBe("Wait 60 seconds.");
    expect(maskNames("Dota 20 is no game.", ["Dota 2"])).toBe("Dota 20 is no game.");
    const grounding = new Grounding({});
    grounding.names.add("Dota 2");
    expect(grounding.text("a", "Dota 2 is a MOBA. Dota 2 has 9 reviews.")).toBe("Dota 2 is a MOBA.");
    expect(grounding.dropped.map((d) => d.unknown)).toEqual([["9"]]);
  });
});

describe("the pieces the check keeps or drops", () => {
  test("a bullet list is cut at its lines: one invented number drops only its bullet", () => {
    const grounding = new Grounding({ tools: [{ name: "Hades", positiveSharePct: 98 }, { reviews: 1000 }] });
    const text =
      "- Hades has 98% positive reviews\n- Dead Cells sold 9 million copies\n- Hades has 1,000 reviews";
    expect(segmentsOf(text)).toHaveLength(3);
    expect(grounding.text("answer", text)).toBe(
      "- Hades has 98% positive reviews\n- Hades has 1,000 reviews",
    );
    expect(grounding.dropped).toEqual([
      { field: "answer", sentence: "- Dead Cells sold 9 million copies", unknown: ["9 million"] },
    ]);
  });

  test("a numbered list's markers are no numbers of the text", () => {
    const grounding = new Grounding({ tools: [{ positiveSharePct: 98 }] });
    expect(grounding.text("a", "1. Hades: 98% positive\n2. Dead Cells: 98% positive")).toBe(
      "1. Hades: 98% positive\n2. Dead Cells: 98% positive",
    );
  });
});

describe("citations", () => {
  const ledger = () => {
    const l = newLedger();
    l.games.set("p1", { name: "Portal", facts: { gameId: "p1", name: "Portal", priceUsd: 9.99 } });
    l.games.set("p2", { name: "Portal 2", facts: { gameId: "p2", name: "Portal 2", priceUsd: 0 } });
    return l;
  };

  test("a name inside a longer name cited does not count; names match as whole words", () => {
    expect(citationsOf("Portal 2 is the one to look at.", ledger()).map((c) => c.name)).toEqual(["Portal 2"]);
    expect(
      citationsOf("Portal and Portal 2 both sell.", ledger())
        .map((c) => c.name)
        .sort(),
    ).toEqual(["Portal", "Portal 2"]);
    expect(citationsOf("Portals are a theme.", ledger())).toEqual([]);
    expect(
      namesFound("Compare Hades and Dead Cells reviews", [{ name: "Hades' Star" }, { name: "Hades" }]),
    ).toEqual([{ name: "Hades" }]);
  });

  test("the digits of a game's name cite no figure", () => {
    const l = newLedger();
    l.games.set("d2", {
      name: "Dota 2",
      facts: { gameId: "d2", name: "Dota 2", players: { daysInAverage: 2 } },
    });
    expect(citationsOf("Dota 2 is a MOBA.", l)).toEqual([{ gameId: "d2", name: "Dota 2", figures: [] }]);
    expect(citationsOf("Dota 2 has 2 days of readings.", l)[0]!.figures).toEqual([
      { label: "players.daysInAverage", value: 2 },
    ]);
  });

  test("a zero in the text cites no field that is zero", () => {
    const [cited] = citationsOf("Portal 2 costs $0 now.", ledger());
    expect(cited).toMatchObject({ name: "Portal 2", figures: [] });
  });

  const hades = {
    gameId: "h1",
    name: "Hades",
    month: "2022-02",
    reviews: { positive: 45, negative: 1, total: 46 },
    positiveSharePct: 97.8,
    players: { averageLast7Days: 1_234_567, weekOnWeekChangePct: -12.5 },
    genres: ["Action"],
    dailyPlayers: [800, 900],
  };
  const hadesLedger = () => {
    const l = newLedger();
    l.games.set("h1", { name: "Hades", facts: hades });
    return l;
  };
  const cited = (text: string) => citationsOf(text, hadesLedger())[0]?.figures ?? [];

  test("a figure is cited as the number check reads it: its sign, its unit, its list marker", () => {
    // A decline written as growth, a count written as a percentage: the check drops both, and neither cites.
    expect(cited("Hades grew 12.5% on the week.")).toEqual([]);
    expect(cited("Hades has 45% of its reviews positive.")).toEqual([]);
    expect(cited("Hades fell 12.5% on the week.")).toEqual([
      { label: "players.weekOnWeekChangePct", value: -12.5 },
    ]);
    expect(cited("Hades has 45 positive reviews.")).toEqual([{ label: "reviews.positive", value: 45 }]);
    // Rounded as shown, with its unit.
    expect(cited("Hades averages 1.2M players.")).toEqual([
      { label: "players.averageLast7Days", value: 1_234_567 },
    ]);
    // A numbered list's marker is no number of the text: "1." cites no review count of 1.
    expect(cited("1. Hades: 97.8% positive")).toEqual([{ label: "positiveSharePct", value: 97.8 }]);
    // Digits inside a string are no figure; a list's items are.
    expect(cited("Hades in 2022: 900 players a day.")).toEqual([{ label: "dailyPlayers[1]", value: 900 }]);
  });

  test("a citation for every number the check accepts as the game's figure, and for no other", () => {
    const sentences = [
      "Hades grew 12.5% on the week.",
      "Hades fell 12.5% on the week.",
      "Hades is down 12.5 percent.",
      "Hades moved −12.5% on the week.",
      "Hades has 45% positive reviews.",
      "Hades has 45 positive reviews.",
      "Hades has 97.8% positive reviews.",
      "Hades has 97.8 positive reviews.",
      "Hades has -45 reviews.",
      "Hades averages 1.2M players.",
      "Hades averages 1.3M players.",
      "- Hades had 800 players a day.",
      "2. Hades had 46 reviews.",
      "Hades had 47 reviews.",
    ];
    for (const sentence of sentences) {
      // The game's own facts only: what the check accepts as one of them.
      const grounding = new Grounding({ games: [hades] });
      expect({ sentence, cited: cited(sentence).length > 0 }).toEqual({
        sentence,
        cited: grounding.keeps("a", sentence),
      });
    }
  });
});

test("a name learnt between two sentences is masked from the next one on", () => {
  const grounding = new Grounding({ players: 5 });
  expect(grounding.keeps("a", "Dota 2 has 5 players.")).toBe(false);
  grounding.names.add("Dota 2");
  expect(grounding.keeps("a", "Dota 2 has 5 players.")).toBe(true);
});

describe("the outside test's number-check defects (items 1, 3, 4 and 6)", () => {
  const deadCells = {
    gameId: "01a219c1-3c00-7682-a8c6-2daf9672b9db",
    name: "Dead Cells",
    tags: ["2D", "Roguelike"],
    reviews: { positive: 226_000, negative: 4_123, total: 230_123 },
    positiveSharePct: 98.5,
    players: { averageLast7Days: 6_357 },
    monthlyPlayers: { month: "2022-02", averagePlayers: 7_000, monthOnMonthChangePct: -13.9 },
    estimates: {
      owners: { low: 3_600_000, mid: 6_180_000, high: 10_500_000 },
      unitsSold: { low: 3_000_000, mid: 6_110_000, high: 9_360_000 },
      modelVersion: "owners-1.bbd5a949",
    },
  };

  test("an id's, a model version's and a month's digits are no figures; a month's year is", () => {
    const grounding = new Grounding({ games: [deadCells] });
    const text = [
      "Dead Cells will sell 7,682 copies over the next 30 days.",
      "Dead Cells has 949 servers.",
      "Dead Cells has 2 new maps.",
      "Dead Cells averaged 7,000 players in February 2022.",
      "Dead Cells is a 2D roguelike.",
    ].join(" ");
    expect(grounding.text("a", text)).toBe(
      "Dead Cells averaged 7,000 players in February 2022. Dead Cells is a 2D roguelike.",
    );
    expect(grounding.dropped.map((d) => d.unknown)).toEqual([["7,682", "30"], ["949"], ["2"]]);
  });

  test("fractions, 'half', percent words and full-width digits are read and checked", () => {
    expect(numbersIn("Dead Cells has half a million owners.").map((n) => [n.value, n.tolerance])).toEqual([
      [500_000, 50_000],
    ]);
    expect(numbersIn("Hades has ５００,０００ daily players.").map((n) => n.value)).toEqual([500_000]);
    expect(numbersIn("It grew 5 percentage points.").map((n) => n.percent)).toEqual([true]);
    const grounding = new Grounding({ games: [deadCells] });
    const text = [
      "Only three quarters of Dead Cells reviews are positive.",
      "Dead Cells lost a third of its players last month.",
      "Dead Cells has ５００,０００ daily players.",
      "Dead Cells has half a million owners.",
      "Half of its players left.",
      "Nearly all of its reviews, 98.5%, are positive.",
      "In the second half of the year it held.",
    ].join(" ");
    expect(grounding.text("a", text)).toBe(
      "Nearly all of its reviews, 98.5%, are positive. In the second half of the year it held.",
    );
    expect(grounding.dropped.map((d) => d.unknown)).toEqual([
      ["three quarters"],
      ["a third"],
      ["500,000"],
      ["half a million"],
      ["Half"],
    ]);
    // A share in words matches a share within 2.5 points.
    expect(
      new Grounding({ positiveSharePct: 74 }).keeps("a", "Three quarters of reviews are positive."),
    ).toBe(true);
  });

  test("a number said to be players, reviews, owners, copies or money matches only a field of that kind", () => {
    const grounding = new Grounding({
      games: [deadCells],
      other: { priceUsd: 19.99, grossRevenueUsd: 7_000 },
    });
    expect(grounding.keeps("a", "Dead Cells has 230,123 daily players.")).toBe(false);
    expect(grounding.keeps("a", "Dead Cells has 230,123 reviews.")).toBe(true);
    expect(grounding.keeps("a", "Dead Cells has 6,357 reviews.")).toBe(false);
    expect(grounding.keeps("a", "Dead Cells has 6,357 daily players.")).toBe(true);
    expect(grounding.keeps("a", "Dead Cells has 6.2 million owners.")).toBe(true);
    expect(grounding.keeps("a", "Dead Cells sold 6.2 million copies.")).toBe(false);
    expect(grounding.keeps("a", "Dead Cells costs $19.99.")).toBe(true);
    expect(grounding.keeps("a", "Dead Cells costs $7,000.")).toBe(false);
    expect(grounding.keeps("a", "Dead Cells made $7,000.")).toBe(true);
    // No unit word: any kind, as before.
    expect(grounding.keeps("a", "Dead Cells: 230,123.")).toBe(true);
    // A player figure described by the noun after it counts that noun.
    expect(new Grounding({ dataPoints: 28 }).keeps("a", "It rests on 28 daily player points.")).toBe(true);
  });

  test("an estimate's low or high passes only as a range or bound, never as the figure", () => {
    const grounding = new Grounding({ games: [deadCells] });
    expect(grounding.keeps("a", "Dead Cells sold 9 million copies.")).toBe(false);
    expect(grounding.keeps("a", "Dead Cells sold 6 million copies.")).toBe(true);
    expect(grounding.keeps("a", "Dead Cells sold up to 9.4 million copies.")).toBe(true);
    expect(grounding.keeps("a", "Dead Cells sold at least 3 million copies.")).toBe(true);
    expect(grounding.keeps("a", "Its P90 is 9.4 million copies.")).toBe(true);
  });

  test("a range reads both ends with the scale word, and passes when they are the low and the high", () => {
    expect(numbersIn("between 3.6 and 10.5 million owners").map((n) => [n.value, n.kind])).toEqual([
      [3_600_000, "owners"],
      [10_500_000, "owners"],
    ]);
    expect(numbersIn("3.6–10.5 million").map((n) => n.value)).toEqual([3_600_000, 10_500_000]);
    expect(numbersIn("10-20%").map((n) => n.percent)).toEqual([true, true]);
    // "and" joins a range only after "between": "3 and 5 million" are two numbers.
    expect(numbersIn("3 and 5 million").map((n) => n.value)).toEqual([3, 5_000_000]);
    const grounding = new Grounding({ games: [deadCells] });
    for (const sentence of [
      "Dead Cells has between 3.6 and 10.5 million owners.",
      "Dead Cells has 3.6–10.5 million owners.",
      "Dead Cells has 3.6 to 10.5 million owners.",
    ])
      expect({ sentence, kept: grounding.keeps("a", sentence) }).toEqual({ sentence, kept: true });
    expect(grounding.keeps("a", "Dead Cells has between 3.6 and 12 million owners.")).toBe(false);
  });
});

describe("a sentence about a game may only cite that game's figures (outside test items 2 and 5)", () => {
  const trending = {
    trendingGames: 3,
    averageGrowthPct: 120.4,
    fastest: [
      { gameId: "t1", name: "TOGETHER BnB", growthPct: 5562.4, dailyPlayers: 515 },
      { gameId: "t2", name: "Vampire Survivors", growthPct: 261.9, dailyPlayers: 30_000 },
      { gameId: "t3", name: "Path of Exile", growthPct: 12.5, dailyPlayers: 48_633 },
    ],
  };

  test("Trending Topics: another game's figure is dropped, the game's own kept, market figures free", () => {
    const grounding = new Grounding(trending).perGame(trending);
    expect(grounding.text("a", "Vampire Survivors grew 5562.4% to 48,633 daily players.")).toBe("");
    expect(grounding.list("t", ["Path of Exile has 515 daily players, up 261.9%."])).toEqual([]);
    const kept = "Vampire Survivors grew 261.9% to 30,000 daily players. It leads 3 trending games.";
    expect(grounding.text("a", kept)).toBe(kept);
    // A sentence naming no game (and none before it) may cite figures of no game only.
    expect(grounding.text("b", "Trending games grew 120.4% on average.")).toBe(
      "Trending games grew 120.4% on average.",
    );
    expect(grounding.text("b", "One of them grew 5562.4%.")).toBe("");
  });

  test("Recommendations: a candidate's reasoning stands on its own figures", () => {
    const facts = {
      trackedGames: [{ name: "Hades", genres: ["Action"] }],
      candidates: [
        { gameId: "tr", name: "Terraria", positiveSharePct: 97.7, priceUsd: 9.99, matchScorePct: 60 },
        { gameId: "ds", name: "Don't Starve Together", positiveSharePct: 95.8, matchScorePct: 58 },
        { gameId: "va", name: "Valheim", priceUsd: 19.99, matchScorePct: 67 },
      ],
    };
    const all = new Grounding(facts);
    expect(all.perGame(facts, ["tr"]).text("r", "Terraria is 95.8% positive and costs $19.99.")).toBe("");
    expect(all.perGame(facts, ["ds"]).text("r", "It matches 67% of your taste.")).toBe("");
    expect(all.perGame(facts, ["ds"]).text("r", "It matches 58% of your taste.")).toBe(
      "It matches 58% of your taste.",
    );
    expect(all.perGame(facts, ["tr"]).text("r", "Terraria is 97.7% positive and costs $9.99.")).toBe(
      "Terraria is 97.7% positive and costs $9.99.",
    );
  });

  const compared = () => {
    const l = newLedger();
    l.games.set("cs", {
      name: "Counter-Strike: Global Offensive",
      facts: { gameId: "cs", name: "Counter-Strike: Global Offensive", positiveSharePct: 88.1 },
    });
    l.games.set("d2", {
      name: "Dota 2",
      facts: { gameId: "d2", name: "Dota 2", positiveSharePct: 82.3, estimates: { owners: { mid: 306e6 } } },
    });
    l.games.set("pubg", {
      name: "PLAYERUNKNOWN'S BATTLEGROUNDS",
      facts: { gameId: "pubg", name: "PLAYERUNKNOWN'S BATTLEGROUNDS", positiveSharePct: 56.2 },
    });
    return l;
  };

  test("a short form of a name names the game: 'CS:GO', 'PUBG'", () => {
    expect(isShortForm("CS:GO", "Counter-Strike: Global Offensive")).toBe(true);
    expect(isShortForm("PUBG", "PLAYERUNKNOWN'S BATTLEGROUNDS")).toBe(true);
    expect(isShortForm("PUBG", "PlayerUnknown's Battlegrounds")).toBe(true);
    expect(isShortForm("CS", "Counter-Strike: Global Offensive")).toBe(false);
    expect(isShortForm("DOTA", "Defense of the Ancients")).toBe(true);
    const l = compared();
    expect(citationsOf("CS:GO has 88.1% positive reviews. PUBG has 56.2%.", l).map((c) => c.name)).toEqual([
      "Counter-Strike: Global Offensive",
      "PLAYERUNKNOWN'S BATTLEGROUNDS",
    ]);
  });

  test("chat: 'CS:GO' may not cite Dota 2's figures; a sentence naming no game refers to the last one named", () => {
    const l = compared();
    const chat = new Grounding({ games: [...l.games.values()].map((g) => g.facts) }).perGame(
      [...l.games.values()].map((g) => g.facts),
    );
    expect(chat.text("a", "CS:GO has about 306 million owners and 82.3% positive reviews.")).toBe("");
    expect(chat.text("a", "CS:GO has 88.1% positive reviews.")).toBe("CS:GO has 88.1% positive reviews.");
    expect(chat.text("a", "Dota 2 is a MOBA. It has 82.3% positive reviews.")).toBe(
      "Dota 2 is a MOBA. It has 82.3% positive reviews.",
    );
    expect(chat.text("a", "Dota 2 is a MOBA. It has 88.1% positive reviews.")).toBe("Dota 2 is a MOBA.");
    // Before any game is named, with several games in the facts: no game's figure.
    expect(chat.text("a", "Reviews are 88.1% positive.")).toBe("");
    // With one game in the facts, a sentence naming none is about it.
    const one = new Grounding({ g: l.games.get("d2")!.facts }).perGame({ g: l.games.get("d2")!.facts });
    expect(one.text("a", "Reviews are 82.3% positive.")).toBe("Reviews are 82.3% positive.");
  });

  test("citations list the figures quoted about each game, not every field matching a number anywhere", () => {
    const l = newLedger();
    l.games.set("h", {
      name: "Hades",
      facts: {
        gameId: "h",
        name: "Hades",
        reviews: { total: 230_123 },
        players: { averageLast7Days: 6_357 },
        estimates: { unitsSold: { mid: 6_110_000 }, owners: { mid: 6_180_000 } },
      },
    });
    l.games.set("dc", {
      name: "Dead Cells",
      facts: {
        gameId: "dc",
        name: "Dead Cells",
        estimates: { owners: { mid: 6_180_000 }, unitsSold: { mid: 5_560_000 } },
      },
    });
    const citations = citationsOf(
      "Hades has 230,123 reviews. Hades sold 6.1 million units. Dead Cells is also popular.",
      l,
    );
    expect(citations).toEqual([
      {
        gameId: "h",
        name: "Hades",
        figures: [
          { label: "reviews.total", value: 230_123 },
          { label: "estimates.unitsSold.mid", value: 6_110_000 },
        ],
      },
      { gameId: "dc", name: "Dead Cells", figures: [] },
    ]);
  });
});

/** The r14 outside test's facts: Hades, Dead Cells, a low-signal game, Stardew Valley. */
const r14 = {
  hades: {
    gameId: "h",
    name: "Hades",
    priceUsd: 24.99,
    reviews: { positive: 226_675, negative: 3_448, total: 230_123 },
    positiveSharePct: 98.5,
    sentimentOutOf5: 4.9,
    players: { averageLast7Days: 6_357 },
    monthlyPlayers: {
      month: "2022-02",
      averagePlayers: 6_357,
      previousAveragePlayers: 7_380,
      monthOnMonthChangePct: -13.9,
    },
    estimates: {
      owners: { low: 4_410_000, mid: 6_790_000, high: 10_400_000 },
      unitsSold: { low: 3_970_000, mid: 6_110_000, high: 9_360_000 },
      grossRevenueUsd: { low: 99_200_000, mid: 153_000_000, high: 234_000_000 },
      netRevenueUsd: { low: 39_300_000, mid: 62_200_000, high: 96_800_000 },
    },
  },
  deadCells: {
    gameId: "dc",
    name: "Dead Cells",
    reviews: { total: 135_665 },
    positiveSharePct: 97.2,
    players: { averageLast7Days: 4_013 },
    monthlyPlayers: {
      month: "2022-02",
      averagePlayers: 4_013,
      previousAveragePlayers: 7_021,
      monthOnMonthChangePct: -42.8,
    },
    estimates: {
      owners: { low: 3_600_000, mid: 6_180_000, high: 10_500_000 },
      unitsSold: { mid: 5_560_000 },
    },
  },
  fm: {
    gameId: "fm",
    name: "Football Manager 2016",
    lowSignal: true,
    monthlyPlayers: {
      month: "2022-02",
      averagePlayers: 588,
      previousAveragePlayers: 632,
      monthOnMonthChangePct: -7,
    },
    estimates: {
      owners: { low: 97_700, high: 1_460_000 },
      unitsSold: { low: 87_900, high: 1_310_000 },
    },
  },
  stardew: {
    gameId: "sv",
    name: "Stardew Valley",
    positiveSharePct: 98.2,
    players: { averageLast7Days: 28_793 },
  },
  fifa: { gameId: "f22", name: "FIFA 22", positiveSharePct: 80.3, reviews: { total: 117_669 } },
};
const one = (game: object) => new Grounding({ game }).perGame({ game });
const keptAll = (grounding: Grounding, sentences: string[]) =>
  sentences.map((sentence) => ({ sentence, kept: grounding.keeps("a", sentence) }));
const allKept = (sentences: string[]) => sentences.map((sentence) => ({ sentence, kept: true }));

describe("r14 false alarms: correct sentences are kept", () => {
  test("D1: a range's ends each keep their own digits and scale; a low end with its own unit still makes a range", () => {
    expect(numbersIn("between 97,700 and 1.46 million owners").map((n) => n.value)).toEqual([
      97_700, 1_460_000,
    ]);
    expect(numbersIn("from 97,700 to 1.46 million owners").map((n) => n.value)).toEqual([97_700, 1_460_000]);
    // A bare low end without a separator still takes the high end's scale.
    expect(numbersIn("between 4 and 9.4 million copies").map((n) => n.value)).toEqual([4e6, 9.4e6]);
    const fm = [
      "Football Manager 2016 has between 97,700 and 1.46 million owners.",
      "Football Manager 2016 has an estimated 97.7 thousand to 1.46 million owners.",
      "Football Manager 2016 has an estimated 97.7K to 1.46M owners.",
      "Football Manager 2016 sold 88K–1.3M copies.",
      "Football Manager 2016 has from 97,700 to 1.46 million owners.",
    ];
    expect(keptAll(one(r14.fm), fm)).toEqual(allKept(fm));
    const hades = [
      "Hades' owners are estimated at 4.4 million to 10.4 million.",
      "Hades' gross revenue is likely $99M–$234M.",
      "Hades has from 4.4 million to 10.4 million owners.",
    ];
    expect(keptAll(one(r14.hades), hades)).toEqual(allKept(hades));
    // A wrong end is still dropped.
    expect(one(r14.fm).keeps("a", "Football Manager 2016 has between 97,700 and 2.46 million owners.")).toBe(
      false,
    );
    expect(one(r14.hades).keeps("a", "Hades' gross revenue is likely $89M–$234M.")).toBe(false);
  });

  test("D11: a round figure written in full with an approximation word has the tolerance of its significant digits", () => {
    const hades = [
      "Hades has over 230,000 reviews.",
      "Hades averaged roughly 6,400 players in February 2022.",
      "Hades grossed about $150 million.",
      "Hades has more than 230,000 reviews.",
      "Hades has close to 6,400 daily players.",
      "Hades has nearly 6,400 daily players.",
    ];
    expect(keptAll(one(r14.hades), hades)).toEqual(allKept(hades));
    expect(
      one(r14.stardew).keeps("a", "Stardew Valley has 98% positive reviews and about 28,800 daily players."),
    ).toBe(true);
    expect(one(r14.deadCells).keeps("a", "Dead Cells has over 135,000 reviews.")).toBe(true);
    expect(
      one({ gameId: "t", name: "TOGETHER BnB", growthPct: 5562.4, dailyPlayers: 515 }).keeps(
        "a",
        "TOGETHER BnB grew over 5,500% but has only 515 players.",
      ),
    ).toBe(true);
    // Without an approximation word, a figure written in full digits is exact.
    expect(one(r14.hades).keeps("a", "Hades has 230,000 reviews.")).toBe(false);
    expect(one(r14.hades).keeps("a", "Hades has 6,400 daily players.")).toBe(false);
    // The approximation is bounded by the significant digits (at least two): not any round number.
    expect(one(r14.hades).keeps("a", "Hades has about 200,000 reviews.")).toBe(false);
    expect(one(r14.hades).keeps("a", "Hades has about 240,000 reviews.")).toBe(false);
    expect(one(r14.hades).keeps("a", "Hades grossed about $160 million.")).toBe(false);
    // "over" is a lower bound, "nearly" an upper one.
    expect(one(r14.hades).keeps("a", "Hades has over 240,000 reviews.")).toBe(false);
    expect(one(r14.hades).keeps("a", "Hades has nearly 220,000 reviews.")).toBe(false);
    expect(one(r14.deadCells).keeps("a", "Dead Cells has nearly 136,000 reviews.")).toBe(true);
    expect(one(r14.deadCells).keeps("a", "Dead Cells has over 136,000 reviews.")).toBe(false);
  });

  test("D10: fewer, slipped, dipped, shed, eased, tumbled, under and a hyphenated decline are declines", () => {
    const hades = [
      "Hades had 13.9% fewer players in February than in January.",
      "Hades' players slipped 13.9% last month.",
      "Hades' player count dipped 13.9% in February 2022.",
      "Hades shed 13.9% of its players.",
      "Hades players eased 13.9% month over month.",
      "Hades' monthly players were 13.9% under January's 7,380.",
      "Hades players tumbled 13.9%.",
      "Hades saw a 13.9% month-on-month decline.",
    ];
    expect(keptAll(one(r14.hades), hades)).toEqual(allKept(hades));
    expect(one(r14.hades).keeps("a", "Hades saw a 13.9% month-on-month rise.")).toBe(false);
  });

  test("D15: '4 in 5' and '9 out of 10' are shares; a rating out of 5 is still a rating", () => {
    expect(numbersIn("4 in 5 reviews are positive").map((n) => [n.value, n.percent])).toEqual([[80, true]]);
    const fifa = one(r14.fifa);
    expect(
      fifa.keeps("a", "FIFA 22 is 80% positive across 117,669 reviews; 4 in 5 reviews are positive."),
    ).toBe(true);
    expect(fifa.keeps("a", "Four out of five FIFA 22 reviews are positive.")).toBe(true);
    expect(fifa.keeps("a", "9 out of 10 FIFA 22 reviews are positive.")).toBe(false);
    expect(one(r14.hades).keeps("a", "Hades is rated 4.9 out of 5.")).toBe(true);
  });
});

/** The rest of the r14 outside test's catalog, for the sentences it found correctly kept. */
const r14More = [
  {
    gameId: "f4",
    name: "Fallout 4",
    priceUsd: 19.99,
    positiveSharePct: 82.4,
    estimates: { owners: { mid: 7_400_000 } },
  },
  {
    gameId: "f22",
    name: "FIFA 22",
    positiveSharePct: 80.3,
    monthlyPlayers: { month: "2022-02", averagePlayers: 44_120, monthOnMonthChangePct: 7.3 },
    estimates: { owners: { low: 2_090_000, mid: 3_600_000, high: 6_200_000 } },
  },
  {
    gameId: "l4d2",
    name: "Left 4 Dead 2",
    priceUsd: 9.99,
    positiveSharePct: 97.5,
    reviews: { total: 761_650 },
    monthlyPlayers: { month: "2022-02", monthOnMonthChangePct: -10.4 },
  },
  {
    gameId: "cs",
    name: "Counter-Strike: Global Offensive",
    positiveSharePct: 88.8,
    monthlyPlayers: { month: "2022-02", averagePlayers: 634_638, monthOnMonthChangePct: 5.4 },
    estimates: { owners: { mid: 168_000_000 } },
  },
  {
    gameId: "d2",
    name: "Dota 2",
    positiveSharePct: 82.3,
    priceUsd: 0,
    reviews: { total: 1_980_000 },
    monthlyPlayers: { month: "2022-02", averagePlayers: 450_200, monthOnMonthChangePct: -7.3 },
    estimates: { owners: { mid: 306_000_000 } },
  },
  {
    gameId: "tr",
    name: "Terraria",
    priceUsd: 9.99,
    positiveSharePct: 97.7,
    reviews: { total: 1_160_000 },
    players: { averageLast7Days: 33_404 },
  },
  {
    gameId: "va",
    name: "Valheim",
    monthlyPlayers: { month: "2022-02", averagePlayers: 25_509, monthOnMonthChangePct: -15.1 },
    estimates: { grossRevenueUsd: { low: 200_000_000, mid: 500_000_000, high: 1_090_000_000 } },
  },
  { ...r14.stardew, estimates: { unitsSold: { mid: 12_300_000 } } },
];

describe("r14: the correct sentences the outside test found kept stay kept", () => {
  const games = [r14.hades, r14.deadCells, { ...r14.fm }, ...r14More];
  const catalog = () => new Grounding({ games }).perGame({ games });
  const worked = [
    "Hades sold about 6 million copies.",
    "Hades has 98.5% positive reviews (226,675 of 230,123).",
    "Hades is rated 4.9 out of 5.",
    "Hades has about 6.8 million owners.",
    "Hades costs $24.99, or about $25.",
    "Hades' player count fell from 7,380 in January to 6,357 in February 2022.",
    "Hades has 230K reviews and roughly 6.4k daily players.",
    "Hades' owners range from 4.41M to 10.4M, with a mid estimate of 6.79M.",
    "Hades sold between 4 and 9.4 million copies.",
    "Hades' net revenue is estimated at $62.2 million (P10–P90: $39.3M to $96.8M).",
    "In February 2022, Hades averaged 6,357 players.",
    "Hades' reviews are 98.5% positive: 226,675 positive and 3,448 negative.",
    "Hades has roughly 99% positive reviews.",
    "Hades has nearly 7 million owners.",
    "Hades' estimated gross revenue is $153M, and net revenue $62.2M.",
    "Hades is priced at $24.99.",
    "Hades saw a drop of 13.9% in players.",
    "Hades' players changed by -13.9% month on month.",
    "Fallout 4 costs $19.99 and has 82.4% positive reviews.",
    "FIFA 22 averaged 44,120 players in February 2022, up 7.3% from January.",
    "Left 4 Dead 2 has 97.5% positive reviews from 761,650 reviews and costs $9.99.",
    "Left 4 Dead 2 lost 10.4% of its players month on month.",
    "FIFA 22 has about 3.6 million owners.",
    "Fallout 4 has an estimated 7.4 million owners.",
    "Dota 2's reviews are 82% positive.",
    "Counter-Strike: Global Offensive averaged 634,638 players, up 5.4%.",
    "Counter-Strike: Global Offensive has about 168 million owners.",
    "Dota 2 has around 306 million owners, and its players fell 7.3% to 450,200.",
    "Dota 2 is free to play, with 2 million reviews.",
    "Football Manager 2016 averaged 588 players in February 2022, down 7% from 632.",
    "Football Manager 2016 has from 97,700 to 1,460,000 owners.",
    "Football Manager 2016 sold 87,900 to 1,310,000 copies.",
    "Terraria costs $9.99 and has 97.7% positive reviews.",
    "Valheim's players fell 15.1% to 25,509 in February 2022.",
    "Terraria has 1.16 million reviews.",
    "Valheim's gross revenue could reach up to $1.09 billion.",
    "Terraria leads with 33,404 players; Stardew Valley follows with 28,793.",
    "Stardew Valley sold around 12.3 million copies.",
    "Dead Cells has between 3.6 and 10.5 million owners.",
    "Dead Cells has 3.6–10.5 million owners.",
    "Dead Cells is 97% positive across 135,665 reviews.",
    "Dead Cells lost 42.8% of its players, falling to 4,013 from 7,021.",
    "FIFA 22 has about 3.6 million owners, between 2.09 million and 6.2 million.",
    "Hades and Dead Cells both cost $24.99.",
  ];

  test("each one, alone", () => {
    const hadesPriced = games.map((g) => (g.gameId === "dc" ? { ...g, priceUsd: 24.99 } : g));
    const grounding = new Grounding({ hadesPriced }).perGame({ hadesPriced });
    expect(keptAll(grounding, worked)).toEqual(allKept(worked));
    expect(catalog().keeps("a", "Hades sold 9 million copies.")).toBe(false);
  });

  test("a pronoun after a game's sentence, and a game's own lines in Trending and Recommendations", () => {
    const grounding = catalog();
    const text = "Dead Cells is close behind. It lost 42.8% of its players.";
    expect(grounding.text("a", text)).toBe(text);
    const trending = {
      trendingGames: 50,
      averageGrowthPct: 235.5,
      fastest: [
        { gameId: "dh", name: "Dread Hunger", growthPct: 1145.4, dailyPlayers: 12_823 },
        { gameId: "poe", name: "Path of Exile", growthPct: 486, dailyPlayers: 48_633 },
        { gameId: "vs", name: "Vampire Survivors", growthPct: 261.9, dailyPlayers: 39_032 },
      ],
      topics: [
        { topic: "Action", trendingGames: 30 },
        { topic: "Indie", trendingGames: 18 },
      ],
    };
    const t = new Grounding(trending).perGame(trending);
    const lines = [
      "Dread Hunger grew 1,145.4% to 12,823 daily players.",
      "Path of Exile, with 48,633 daily players, grew 486%.",
      "Fifty games are trending, averaging 235.5% growth.",
      "Action leads with 30 trending games, ahead of Indie at 18.",
      "Vampire Survivors grew about 262% to 39,032 daily players.",
    ];
    expect(keptAll(t, lines)).toEqual(allKept(lines));
  });
});

describe("r14 misattribution and field typing", () => {
  test("D7: 'grossed'/'gross' is only gross revenue, 'net'/'kept' only net; plain revenue either", () => {
    const hades = one(r14.hades);
    expect(hades.keeps("a", "Hades grossed $62.2 million.")).toBe(false);
    expect(hades.keeps("a", "Hades' net revenue is $153 million.")).toBe(false);
    expect(hades.keeps("a", "Hades kept $153 million after Steam's cut.")).toBe(false);
    const kept = [
      "Hades grossed $153 million.",
      "Hades' net revenue is $62.2 million.",
      "Hades kept $62.2 million after Steam's cut.",
      "Hades' revenue is $153 million.",
      "Hades' revenue is $62.2 million after Steam's cut.",
      "Hades made $153 million in gross revenue.",
    ];
    expect(keptAll(hades, kept)).toEqual(allKept(kept));
  });

  test("D6: a percentage said to be a field's matches only that field (when the fact's field says what it is)", () => {
    const hades = one(r14.hades);
    for (const sentence of [
      "Hades' positive reviews fell 13.9% last month.",
      "Hades' price fell 13.9%.",
      "Hades' owners are 98.5% of its buyers.",
    ])
      expect({ sentence, kept: hades.keeps("a", sentence) }).toEqual({ sentence, kept: false });
    expect(one(r14.deadCells).keeps("a", "Dead Cells' positive share fell 42.8 percentage points.")).toBe(
      false,
    );
    const kept = [
      "Hades' players fell 13.9% last month.",
      "Hades has 98.5% positive reviews.",
      "Hades lost 13.9% of its players.",
      "Hades is 98.5% positive.",
    ];
    expect(keptAll(hades, kept)).toEqual(allKept(kept));
  });

  test("D8: a range word makes a bound acceptable only in its own clause", () => {
    const hades = one(r14.hades);
    expect(
      hades.keeps("a", "Hades has between 4.4 and 10.4 million owners and sold 9.4 million copies."),
    ).toBe(false);
    expect(hades.keeps("a", "Hades has up to 10.4 million owners; it grossed $234 million.")).toBe(false);
    expect(
      hades.keeps("a", "Hades has between 4.4 and 10.4 million owners and sold 6.1 million copies."),
    ).toBe(true);
  });

  test("D9: the direction word is the one attached to the number", () => {
    const hades = one(r14.hades);
    expect(hades.keeps("a", "Hades lost none of its fans and grew 13.9% last month.")).toBe(false);
    expect(hades.keeps("a", "Hades players grew 13.9% despite lower prices.")).toBe(false);
    expect(hades.keeps("a", "Hades players fell 13.9% despite higher prices.")).toBe(true);
    expect(hades.keeps("a", "Hades grew its fan base but its players fell 13.9%.")).toBe(true);
  });
});

describe("r14 D2: a sentence naming another game borrows none of the facts' game's figures", () => {
  test("chat with one game looked up: a catalog game named instead cites none of its figures", () => {
    const facts = { games: [r14.hades] };
    const grounding = new Grounding(facts).perGame(facts, [], ["Cyberpunk 2077", "Dead Cells"]);
    expect(grounding.keeps("a", "Cyberpunk 2077 sold 6.1 million copies.")).toBe(false);
    expect(grounding.keeps("a", "Dead Cells has 6,357 daily players and 98.5% positive reviews.")).toBe(
      false,
    );
    expect(grounding.keeps("a", "Hades has 6,357 daily players, unlike Dead Cells.")).toBe(true);
    expect(grounding.keeps("a", "It has 98.5% positive reviews.")).toBe(true);
  });
});

describe("r14 D3: in a sentence naming two games, each number is the game it is written about", () => {
  const pair = () => {
    const facts = { games: [r14.hades, r14.deadCells] };
    return new Grounding(facts).perGame(facts);
  };
  test("swapped figures are dropped; each game's own figures are kept", () => {
    const grounding = pair();
    for (const sentence of [
      "Hades has 4,013 daily players and Dead Cells 6,357.",
      "Unlike Dead Cells, Hades has 4,013 daily players.",
      "Hades has 97.2% positive reviews, Dead Cells 98.5%.",
    ])
      expect({ sentence, kept: grounding.keeps("a", sentence) }).toEqual({ sentence, kept: false });
    const kept = [
      "Hades has 6,357 daily players and Dead Cells 4,013.",
      "Unlike Dead Cells, Hades has 6,357 daily players.",
      "Hades has 98.5% positive reviews, Dead Cells 97.2%.",
      "Hades has 6,357 daily players, unlike Dead Cells.",
      "Dead Cells lost 42.8% of its players, while Hades lost 13.9%.",
      "At 4,013 daily players, Dead Cells trails Hades.",
    ];
    expect(keptAll(grounding, kept)).toEqual(allKept(kept));
  });

  test("a list of names shares the figure; Trending's games too", () => {
    const facts = { games: [r14.hades, { ...r14.deadCells, priceUsd: 24.99 }] };
    expect(new Grounding(facts).perGame(facts).keeps("a", "Hades and Dead Cells both cost $24.99.")).toBe(
      true,
    );
    const trending = {
      fastest: [
        { gameId: "poe", name: "Path of Exile", growthPct: 486, dailyPlayers: 48_633 },
        { gameId: "vs", name: "Vampire Survivors", growthPct: 261.9, dailyPlayers: 39_032 },
      ],
    };
    const t = new Grounding(trending).perGame(trending);
    expect(t.keeps("a", "Unlike Path of Exile, Vampire Survivors has 48,633 daily players.")).toBe(false);
    expect(t.keeps("a", "Unlike Path of Exile, Vampire Survivors has 39,032 daily players.")).toBe(true);
  });

  test("citations: a number cites only its own game's field", () => {
    const l = newLedger();
    l.games.set("h", { name: "Hades", facts: r14.hades });
    l.games.set("dc", { name: "Dead Cells", facts: { ...r14.deadCells, priceUsd: 24.99 } });
    expect(citationsOf("Hades has 6,357 daily players and Dead Cells 4,013.", l)).toEqual([
      {
        gameId: "h",
        name: "Hades",
        figures: [
          { label: "players.averageLast7Days", value: 6_357 },
          { label: "monthlyPlayers.averagePlayers", value: 6_357 },
        ],
      },
      {
        gameId: "dc",
        name: "Dead Cells",
        figures: [
          { label: "players.averageLast7Days", value: 4_013 },
          { label: "monthlyPlayers.averagePlayers", value: 4_013 },
        ],
      },
    ]);
    expect(citationsOf("Hades and Dead Cells both cost $24.99.", l).map((c) => c.figures)).toEqual([
      [{ label: "priceUsd", value: 24.99 }],
      [{ label: "priceUsd", value: 24.99 }],
    ]);
  });
});

describe("r14 D4: a partial name names its game", () => {
  const [cs, dota] = [r14More[3]!, r14More[4]!];
  const facts = { games: [cs, dota] };
  test("'Counter-Strike' after a Dota 2 sentence is Counter-Strike: Global Offensive", () => {
    const grounding = new Grounding(facts).perGame(facts);
    expect(
      grounding.text("a", "Dota 2 has 82.3% positive reviews. Counter-Strike has 306 million owners."),
    ).toBe("Dota 2 has 82.3% positive reviews.");
    expect(grounding.keeps("a", "Counter-Strike has about 168 million owners.")).toBe(true);
    expect(
      grounding.text("a", "Dota 2 has 82.3% positive reviews. Counter-Strike has 168 million owners."),
    ).toBe("Dota 2 has 82.3% positive reviews. Counter-Strike has 168 million owners.");
  });

  test("only a prefix of one game's name, of two words or five letters", () => {
    const games = [r14.deadCells, r14.stardew, { gameId: "dr", name: "Dead Rising", positiveSharePct: 80 }];
    const g = { games };
    const grounding = new Grounding(g).perGame(g);
    // "Stardew" is Stardew Valley's alone; "Dead" is two games' (and under five letters).
    expect(grounding.text("a", "Dead Cells is 97.2% positive. Stardew has 98.2% positive reviews.")).toBe(
      "Dead Cells is 97.2% positive. Stardew has 98.2% positive reviews.",
    );
    expect(grounding.text("a", "Dead Cells is close behind. Stardew has 97.2% positive reviews.")).toBe(
      "Dead Cells is close behind.",
    );
    expect(grounding.text("a", "Dead Cells is close behind. Dead has 97.2% positive reviews.")).toBe(
      "Dead Cells is close behind. Dead has 97.2% positive reviews.",
    );
  });
});

describe("r14 D5: the average growth of the trending games is no one game's growth", () => {
  const trending = {
    trendingGames: 50,
    averageGrowthPct: 235.5,
    fastest: [{ gameId: "poe", name: "Path of Exile", growthPct: 486, dailyPlayers: 48_633 }],
  };
  test("as one game's growth it is dropped; spoken of as the average it is kept", () => {
    const t = new Grounding(trending).perGame(trending);
    expect(t.keeps("a", "Path of Exile is up 235.5%.")).toBe(false);
    expect(t.keeps("a", "It grew 235.5% last week.")).toBe(false);
    const kept = [
      "Fifty games are trending, averaging 235.5% growth.",
      "Path of Exile grew 486%, against an average of 235.5%.",
      "The trending games grew 235.5% on average.",
      "Growth across the market was 235.5%.",
      "Path of Exile grew 486%.",
    ];
    expect(keptAll(t, kept)).toEqual(allKept(kept));
  });
});

describe("r14 D13: a scaled small number is compared by its scaled value", () => {
  test("'0.01 billion' is 10 million, not anything from 5 to 15 million", () => {
    expect(numbersIn("0.01 billion copies").map((n) => [n.value, n.tolerance])).toEqual([[1e7, 5e5]]);
    const hades = one(r14.hades);
    expect(hades.keeps("a", "Hades sold 0.01 billion copies.")).toBe(false);
    expect(hades.keeps("a", "Hades sold 0.0061 billion copies.")).toBe(true);
    expect(hades.keeps("a", "Hades grossed $0.153 billion.")).toBe(true);
  });
});

describe("r14 D14: a month's year is a figure only written as a year", () => {
  test("'2,022 fans' is dropped; 'in 2022', 'February 2022', '2022's' are kept", () => {
    const hades = one(r14.hades);
    expect(hades.keeps("a", "Hades has 2,022 fans on its forum.")).toBe(false);
    expect(hades.keeps("a", "Hades has 2022 fans on its forum.")).toBe(false);
    const kept = [
      "In February 2022, Hades averaged 6,357 players.",
      "Hades averaged 6,357 players in 2022.",
      "Hades' 2022's February average was 6,357 players.",
      "Hades averaged 6,357 players in Feb. 2022.",
    ];
    expect(keptAll(hades, kept)).toEqual(allKept(kept));
  });
});

describe("a figure that was not known, printed as one, is no fact", () => {
  test("null, undefined, NaN and Infinity in a number's place drop their sentence", () => {
    const grounding = new Grounding({
      games: [{ name: "X", volatilityPct: null, riskLevel: "high", reviews: 45 }],
    });
    const text = [
      "Daily players swing by null% around their mean, so the risk is high.",
      "X has 45 reviews.",
      "It reaches undefined daily players in 30 days.",
      "Volatility: NaN.",
      "Growth is -Infinity percent.",
      "Revenue is $null.",
    ].join(" ");
    expect(grounding.text("a", text)).toBe("X has 45 reviews.");
    expect(grounding.dropped.map((d) => d.unknown)).toEqual([
      ["null%"],
      expect.arrayContaining(["undefined daily players"]),
      ["NaN"],
      ["-Infinity percent"],
      ["$null"],
    ]);
  });

  test("the same words in prose are no figures", () => {
    expect(nonNumbersIn("Infinity Ward's shooter is well liked.")).toEqual([]);
    expect(nonNumbersIn("Its release date is still undefined.")).toEqual([]);
    expect(nonNumbersIn("The update made the old exploit null and void.")).toEqual([]);
    expect(nonNumbersIn("Daily players swing by null% around their mean.")).toEqual(["null%"]);
    // After "of", "to", "with" or ":" a word of prose follows as often as a figure.
    expect(nonNumbersIn("Note: null results were excluded from the average.")).toEqual([]);
    expect(nonNumbersIn("A missing price points to undefined behaviour in the store's feed.")).toEqual([]);
    expect(nonNumbersIn("Games with null values in the feed are left out.")).toEqual([]);
    expect(nonNumbersIn("The share of undefined entries is small.")).toEqual([]);
  });

  test("after of, to, with or a colon: a figure where a unit, a sign or the clause's end follows", () => {
    expect(nonNumbersIn("Volatility: null.")).toEqual(["null"]);
    expect(nonNumbersIn("Volatility: NaN")).toEqual(["NaN"]);
    expect(nonNumbersIn("Revenue is $null.")).toEqual(["$null"]);
    expect(nonNumbersIn("Its price is a price of null, well below its peers.")).toEqual(["null"]);
    expect(nonNumbersIn("Players grew to undefined")).toEqual(["undefined"]);
    expect(nonNumbersIn("Players grew to null daily players.")).toEqual(["null daily players"]);
    expect(nonNumbersIn("A game with null% positive reviews.")).toEqual(["null%"]);
    expect(nonNumbersIn("Growth: -Infinity for the quarter.")).toEqual(["-Infinity"]);
  });
});

describe("a dropped sentence's record names only the numbers that were unknown (report r18b #3)", () => {
  const stardew = { gameId: "s", name: "Stardew Valley", sentimentOutOf5: 4.8, reviews: 100 };
  const terraria = { gameId: "t", name: "Terraria", sentimentOutOf5: 4.9, reviews: 200 };

  test("a real figure beside an invented one is not called unknown", () => {
    const all = new Grounding({ games: [stardew, terraria] });
    const own = all.perGame({ games: [stardew] }, ["s"], ["Terraria"]);
    const sentence = "It has a 4.8 rating and is twice as loved as Terraria.";
    expect(own.text("analysis[0].sentiment", sentence)).toBe("");
    expect(all.dropped).toEqual([{ field: "analysis[0].sentiment", sentence, unknown: ["twice"] }]);
  });

  test("a sentence dropped only for another game's figure says so, and calls none unknown", () => {
    const all = new Grounding({ games: [stardew, terraria] });
    const own = all.perGame({ games: [stardew] }, ["s"], ["Terraria"]);
    const sentence = "Terraria has a 4.8 rating.";
    expect(own.text("analysis[0].sentiment", sentence)).toBe("");
    expect(all.dropped).toEqual([
      { field: "analysis[0].sentiment", sentence, unknown: [], notAbout: ["4.8"] },
    ]);
  });
});

describe("a day of the facts written whole is no figure; its day alone, or another day, is", () => {
  test("a daily peak's day and a file's date, as a text writes them", () => {
    const facts = {
      tools: [
        {
          peakPlayers: { players: 39_123, asOf: "2023-05-31T00:00:00.000Z" },
          publishedSales: { units: 82_530_000, asOf: "2016-12-22T00:00:00.000Z" },
          monthlyPlayers: { month: "2022-02" },
        },
      ],
    };
    const kept = [
      "ELDEN RING peaked at 39,123 players on May 31, 2023.",
      "Its peak of 39,123 players was on 31 May 2023.",
      "The file of December 22, 2016 gives 82.53 million units.",
      "The file (2016-12-22) gives 82.53 million units.",
    ];
    for (const text of kept) expect(new Grounding(facts).text("a", text), text).toBe(text);
    const dropped = [
      // Another day, a day alone, a month's day that the facts do not give.
      "ELDEN RING peaked at 39,123 players on June 1, 2023.",
      "ELDEN RING peaked at 39,123 players on the 31st.",
      "Its players were counted on Feb 1, 2022.",
    ];
    for (const text of dropped) expect(new Grounding(facts).text("a", text), text).toBe("");
  });
});

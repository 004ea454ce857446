import { expect, test } from "vitest";
import { mostPlayedText } from "./most-played-text.ts";

// Review 20 C, item 11: "Games with the most current players" over SteamCharts' Feb 2022 averages.
test("Most played says what its bars are and when: a month's averages, counts of a day, or both", () => {
  const month = (at: string) => ({ value: 1, at, period: "month" as const });
  expect(mostPlayedText([month("2022-02-01T00:00:00.000Z"), month("2022-02-01T00:00:00.000Z")])).toBe(
    "Games ranked by their newest player figure: the monthly average of players, Feb 2022.",
  );
  expect(mostPlayedText([month("2022-01-01T00:00:00.000Z"), month("2022-02-01T00:00:00.000Z")])).toBe(
    "Games ranked by their newest player figure: the monthly average of players, Jan 2022 – Feb 2022.",
  );
  expect(mostPlayedText([{ value: 1, at: "2023-05-31T00:00:00.000Z" }])).toBe(
    "Games ranked by their newest player count, May 31, 2023.",
  );
  expect(
    mostPlayedText([month("2022-02-01T00:00:00.000Z"), { value: 1, at: "2023-05-31T00:00:00.000Z" }]),
  ).toBe(
    "Games ranked by their newest player figure: monthly averages and counts of different times (Feb 2022 – May 31, 2023); the CSV dates each.",
  );
  expect(mostPlayedText([null, undefined])).toBe("Games with the most players in the catalog.");
  expect(mostPlayedText([])).not.toMatch(/current/);
});

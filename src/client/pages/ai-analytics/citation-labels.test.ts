import { expect, test } from "vitest";
import { citedFigureText, noSourcesText } from "./citation-labels.ts";

test("the figures an answer quoted read as labels with units, not as the facts' keys", () => {
  expect(citedFigureText({ label: "positiveSharePct", value: 82.5 })).toBe("positive reviews 82.5%");
  expect(citedFigureText({ label: "reviews.total", value: 2_167_439 })).toBe("reviews 2,167,439");
  expect(citedFigureText({ label: "players.averageLast7Days", value: 1590 })).toBe(
    "average daily players (last 7 days) 1,590",
  );
  expect(citedFigureText({ label: "players.daysInAverage", value: 1 })).toBe("7-day average rests on 1 day");
  expect(citedFigureText({ label: "players.daysOfHistory", value: 12 })).toBe(
    "player history (last 30 days) 12 days",
  );
  expect(citedFigureText({ label: "priceUsd", value: 19.99 })).toBe("price $19.99");
  expect(citedFigureText({ label: "players.weekOnWeekChangePct", value: 12.5 })).toBe(
    "daily players, week on week +12.5%",
  );
  expect(citedFigureText({ label: "projection.changePct", value: -8 })).toBe(
    "projected change in daily players -8%",
  );
  expect(citedFigureText({ label: "sentimentOutOf5", value: 4.5 })).toBe("sentiment 4.5 / 5");
  expect(citedFigureText({ label: "projection.horizonDays", value: 30 })).toBe("projection horizon 30 days");
  expect(citedFigureText({ label: "estimates.grossRevenueUsd.mid", value: 1_250_000 })).toBe(
    "estimated gross revenue (mid) $1,250,000",
  );
  expect(citedFigureText({ label: "estimates.owners.high", value: 200_000 })).toBe(
    "estimated owners (high) 200,000",
  );
});

test("published units and a peak read as what they are, not as a field's last word (review r25, ai-titles)", () => {
  expect(citedFigureText({ label: "publishedSales.units", value: 140_000 })).toBe(
    "units sold (published) 140,000",
  );
  expect(citedFigureText({ label: "publishedSales.regions.northAmerica", value: 41_490_000 })).toBe(
    "units sold in North America (published) 41,490,000",
  );
  expect(citedFigureText({ label: "publishedSales.platforms[1].units", value: 1_170_000 })).toBe(
    "one platform's units sold (published) 1,170,000",
  );
  expect(citedFigureText({ label: "publishedSales.platforms[0].regions.japan", value: 90_000 })).toBe(
    "one platform's units sold in Japan (published) 90,000",
  );
  expect(citedFigureText({ label: "peakPlayers.players", value: 39_123 })).toBe("peak players 39,123");
});

test("a platform's units name the platform the server's path names; a critic score and a price read as the screens write them (review r26/a #7)", () => {
  expect(citedFigureText({ label: "publishedSales.platforms[X360].units", value: 670_000 })).toBe(
    "units sold on X360 (published) 670,000",
  );
  expect(citedFigureText({ label: "publishedSales.platforms[PS3].regions.japan", value: 90_000 })).toBe(
    "units sold on PS3 in Japan (published) 90,000",
  );
  expect(citedFigureText({ label: "criticScore", value: 94 })).toBe("critic score 94 / 100");
  // An answer stored before (review r29-a #6) still reads as it was quoted.
  expect(citedFigureText({ label: "criticScoreOutOf5", value: 4.7 })).toBe("critic score 4.7 / 5");
  expect(citedFigureText({ label: "priceUsd", value: 15.2 })).toBe("price $15.20");
  expect(citedFigureText({ label: "priceUsd", value: 20 })).toBe("price $20.00");
});

test("a field the table does not know yet still reads as words, its unit from its name", () => {
  expect(citedFigureText({ label: "momentum.changePct", value: 3.2 })).toBe("change 3.2%");
  expect(citedFigureText({ label: "medianPriceUsd", value: 9.99 })).toBe("median price $9.99");
  expect(citedFigureText({ label: "games[2].dailyPlayers", value: 4200 })).toBe("daily players 4,200");
  for (const label of ["positiveSharePct", "reviews.total", "players.averageLast7Days"])
    expect(citedFigureText({ label, value: 1 })).not.toContain(label);
});

test("an answer that looked nothing up but quotes earlier answers' figures says so, not that no data backs it", () => {
  expect(noSourcesText({ citations: [{ figures: [{ label: "reviews.total", value: 230_123 }] }] })).toBe(
    "Figures from earlier in this conversation: no data from our catalog was looked up again for this answer.",
  );
  expect(noSourcesText({ citations: [{ figures: [] }] })).toBe(
    "No data from our catalog was looked up for this answer.",
  );
  expect(noSourcesText({ citations: [] })).toBe("No data from our catalog was looked up for this answer.");
});

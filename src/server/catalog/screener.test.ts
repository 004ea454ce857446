import { expect, test } from "vitest";
import type { CatalogIndex } from "./catalog-index.ts";
import { idsWithPlayerFigures } from "./screener.ts";

// Review r24 #5: every screener page and CSV chunk read player figures for every row, though most
// games have none. Only a row with a count or average, or one the index knows a daily peak of.
test("player figures are read for rows with a count or a stored peak, not for the others", () => {
  const slots = new Map([
    ["counted", 0],
    ["peak-only", 1],
    ["nothing", 2],
  ]);
  const index = {
    slot: (id: string) => slots.get(id),
    col: { peakPlayers: new Float64Array([Number.NaN, 39_100, Number.NaN]) },
  } as unknown as Pick<CatalogIndex, "slot" | "col">;
  const rows = [
    { id: "counted", current_players: 1_000 },
    { id: "peak-only", current_players: null },
    { id: "nothing", current_players: null },
    // Added since the index was read: its count is the row's.
    { id: "new", current_players: 12 },
    { id: "new-without", current_players: null },
  ];
  expect(idsWithPlayerFigures(index, rows)).toEqual(["counted", "peak-only", "new"]);
});

import { describe, expect, test } from "vitest";
import { byNumber, type CatalogIndex } from "./catalog-index.ts";

/** Only the ids are read by the orders. */
const indexOf = (ids: string[]) => ({ ids }) as unknown as CatalogIndex;

describe("byNumber", () => {
  test("unknown values tie and fall to the id, so every page of a sort is the same order", () => {
    const index = indexOf(["d", "b", "a", "c", "e"]);
    const values = new Float64Array([Number.NaN, 5, Number.NaN, Number.NaN, 5]);
    for (const order of ["asc", "desc"] as const) {
      const cmp = byNumber(index, values, order);
      // An order: a before b exactly when b is after a.
      for (let a = 0; a < 5; a++)
        for (let b = 0; b < 5; b++)
          expect(Math.sign(cmp(a, b)) + Math.sign(cmp(b, a)), `${order} ${a} ${b}`).toBe(0);
      const sorted = [0, 1, 2, 3, 4].sort(cmp).map((slot) => index.ids[slot]);
      // Known values first (tied ones by id), then the unknown ones by id, whichever the direction.
      expect(sorted).toEqual(["b", "e", "a", "c", "d"]);
    }
  });
});

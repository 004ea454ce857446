import { expect, test } from "vitest";
import {
  GAME_ROWS_PER_STATEMENT,
  INSERT_COLUMNS,
  rowsPerStatement,
  SQLITE_MAX_BOUND_VALUES,
} from "./write.ts";

test("a game INSERT binds at most SQLite's 32,766 values, whatever the column count", () => {
  expect(INSERT_COLUMNS).toHaveLength(31);
  expect(GAME_ROWS_PER_STATEMENT).toBe(1000);
  expect(GAME_ROWS_PER_STATEMENT * INSERT_COLUMNS.length).toBeLessThanOrEqual(SQLITE_MAX_BOUND_VALUES);
  // Past 32 columns, fewer rows per statement.
  expect(rowsPerStatement(32)).toBe(1000);
  expect(rowsPerStatement(33)).toBe(992);
  expect(rowsPerStatement(40)).toBe(819);
  expect(rowsPerStatement(40) * 40).toBeLessThanOrEqual(SQLITE_MAX_BOUND_VALUES);
});

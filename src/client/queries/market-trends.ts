import { queryOptions } from "@tanstack/react-query";
import { hasVolatility } from "../../contracts/games.ts";
import { marketTrendsQuery } from "./catalog.ts";

/**
 * The genres with their volatility, for the Premium screens (Overview's Market Intelligence, the
 * Dashboard's Advanced tab, Analytics): the server sends the score with premium access only (ADR 020),
 * so a row without one is left out. Apart from catalog.ts, which the app shell loads: the guard's
 * module carries zod.
 */
export const volatileTrendsQuery = queryOptions({
  ...marketTrendsQuery,
  select: (rows) => rows.filter(hasVolatility),
});

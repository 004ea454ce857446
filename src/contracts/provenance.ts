import { z } from "zod";

/**
 * Where a figure comes from and when (ARCHITECTURE.md "Nothing on a screen is a made-up number").
 * Every figure and series the API answers carries one: `source` names the dataset or service,
 * `asOf` is the time of the data itself (not of the request), and `method` says how a computed
 * figure was derived from its inputs.
 */
export const ProvenanceSchema = z.object({
  /** Dataset or service, as a person reads it: "Steam via SteamSpy", "SteamCharts", "Newzoo". */
  source: z.string(),
  /** ISO 8601 time of the data; null when the source does not date it. */
  asOf: z.string().nullable(),
  /** How a computed figure was derived ("7-day average of daily players"); absent for raw figures. */
  method: z.string().optional(),
  /**
   * `month` when the source dates its figures by the month only (the Steam Store Games snapshot, May
   * 2019): `asOf` is the month's first instant, and screens write the month ("May 2019"), never the day.
   */
  asOfPrecision: z.literal("month").optional(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

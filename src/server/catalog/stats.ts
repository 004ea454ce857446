import { count, eq } from "drizzle-orm";
import { db } from "../db/client.ts";
import { games, reports, userGames } from "../db/schema/index.ts";

/** Counts that several screens and the realtime stats share. */
export async function countGames(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(games);
  return row?.n ?? 0;
}

export async function countTrackedGames(userId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(userGames).where(eq(userGames.userId, userId));
  return row?.n ?? 0;
}

export async function countReports(userId?: string): Promise<number> {
  const query = db().select({ n: count() }).from(reports);
  const [row] = await (userId ? query.where(eq(reports.userId, userId)) : query);
  return row?.n ?? 0;
}

import { sql } from "drizzle-orm";
import type { CommunityDataset } from "../../contracts/sources.ts";
import { db } from "../db/client.ts";
import { communityDatasets } from "../db/schema/index.ts";

/**
 * The repositories `GET /api/github-gaming/dataset/:owner/:repo` may fetch (review r27-b #3): those the
 * product lists, not any GitHub has. One is listed while a GitHub sync has it stored (either list), or
 * for the lists' cache lifetime after this server last gave it out in a list: a screen shows a list it
 * fetched up to that long ago, and its "look inside" must keep working even if the row has gone since
 * (a restored backup). GitHub's names are not case-sensitive, so neither is this.
 */
export const LISTED_FOR_MS = 5 * 60 * 1000;

/** Lower-case full name → when it stops counting as given out. Bounded by the lists' sizes. */
const givenOut = new Map<string, number>();

/** Notes the repositories of a list as given out now; answers the list. */
export function noteListed(list: CommunityDataset[], now = Date.now()): CommunityDataset[] {
  for (const [name, until] of givenOut) if (until <= now) givenOut.delete(name);
  for (const d of list) givenOut.set(d.fullName.toLowerCase(), now + LISTED_FOR_MS);
  return list;
}

export async function isListedDataset(owner: string, repo: string, now = Date.now()): Promise<boolean> {
  const name = `${owner}/${repo}`.toLowerCase();
  if ((givenOut.get(name) ?? 0) > now) return true;
  const [row] = await db()
    .select({ one: sql`1` })
    .from(communityDatasets)
    .where(sql`lower(${communityDatasets.fullName}) = ${name}`)
    .limit(1);
  return !!row;
}

import type { PublicProfile } from "../../contracts/profiles.ts";
import { readRows } from "../db/client.ts";
import { getSettings } from "./settings.ts";
import { findUserById } from "./users.ts";

/**
 * Public profiles (Settings → Security → Public profile): a user's name and the games they track,
 * for the other signed-in users of this server while the owner has the switch on. Undefined when
 * there is no such user or the viewer may not see it: both answer 404, so a private profile cannot
 * be told from no account.
 */
export async function getPublicProfile(userId: string, viewerId: string): Promise<PublicProfile | undefined> {
  const user = await findUserById(userId);
  if (!user) return undefined;
  const { privacy } = await getSettings(user.id);
  if (!privacy.profilePublic && viewerId !== user.id) return undefined;
  const games = await readRows(
    `SELECT g.id, g.name, ug.created_at FROM user_games ug JOIN games g ON g.id = ug.game_id
     WHERE ug.user_id = ? AND ug.is_watchlisted = 1 ORDER BY ug.created_at DESC, g.name`,
    [user.id],
  );
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return {
    id: user.id,
    name: name || null,
    memberSince: user.createdAt.toISOString(),
    isPublic: privacy.profilePublic,
    trackedGames: games.map((g) => ({
      id: String(g.id),
      name: String(g.name),
      addedAt: new Date(Number(g.created_at)).toISOString(),
    })),
  };
}

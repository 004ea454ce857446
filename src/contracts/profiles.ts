/**
 * `GET /api/profiles/{userId}`: a user's public profile (Settings → Security → Public profile).
 * Other signed-in users of this server see it only while its owner has it on; the owner always sees
 * their own. It never carries the email address.
 */
export interface PublicProfile {
  id: string;
  /** First and last name; null when the user gave none. */
  name: string | null;
  /** When the account was created (ISO 8601). */
  memberSince: string;
  /** Whether other users can see this profile now. */
  isPublic: boolean;
  /** The games on the user's watchlist, most recently added first. */
  trackedGames: Array<{ id: string; name: string; addedAt: string }>;
}

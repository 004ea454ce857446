import type { GameSummary } from "../../contracts/games.ts";

/** Platforms a picker names before "+N more". */
const PLATFORMS_SHOWN = 4;

/**
 * What tells same-named games apart in a picker (Compare's "Add a game", the Dashboard's search): the
 * release year and the platforms, as search answers them — "2013 · PS3", "2011 · PC, Mac +1 more".
 * Console editions of one title are separate games by release year (decision 007), so a name alone
 * cannot say which one is picked; what the catalog does not know is said, not left out.
 */
export function gameEditionText(game: Pick<GameSummary, "releaseYear" | "platforms">): string {
  const year = game.releaseYear == null ? "year unknown" : String(game.releaseYear);
  const shown = game.platforms.slice(0, PLATFORMS_SHOWN).join(", ");
  const more = game.platforms.length - PLATFORMS_SHOWN;
  const platforms = shown ? `${shown}${more > 0 ? ` +${more} more` : ""}` : "platforms unknown";
  return `${year} · ${platforms}`;
}

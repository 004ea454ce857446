import { queryOptions } from "@tanstack/react-query";
import type { SearchResult } from "../../contracts/games.ts";
import { SEARCH_MIN_LENGTH, searchableLength } from "../../contracts/search-length.ts";
import { ApiError, throwIfNotOk } from "../api.ts";

// Apart from the catalog's other queries (catalog.ts), which the shell and the first route load: only
// the search screens (Game Tracking, the Dashboard's cross-platform search, Compare) fetch this.

/** Spec §7/§8: search runs only above 2 characters; a failure reads "Search failed: {status}". */
export function searchQuery(q: string) {
  return queryOptions({
    queryKey: ["/api/games/search", { q }],
    // What the server would refuse (fewer than 3 letters or digits, "c++") is not asked.
    enabled: searchableLength(q) >= SEARCH_MIN_LENGTH,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/games/search?${new URLSearchParams({ q: q.trim(), limit: "20" })}`, {
        credentials: "include",
        signal,
      });
      // An ApiError, so the screens tell an answered failure from an unreachable server.
      await throwIfNotOk(res, `Search failed: ${res.status}`);
      return (await res.json()) as SearchResult[];
    },
  });
}

/**
 * The title of a failed search: spec §8's "Search failed: {status}" when the server answered; none
 * (the screen's "Could not load …") when it was not reached, which the description then says.
 */
export function searchFailedTitle(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined;
}

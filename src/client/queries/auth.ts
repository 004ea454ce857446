import { queryOptions } from "@tanstack/react-query";
import type { PublicUser } from "../../contracts/roles.ts";
import type { Settings } from "../../contracts/settings-options.ts";
import { ApiError, apiGet } from "../api.ts";

/** Spec §4: authentication is the presence of the current user; a failed load is not retried. */
export const currentUserQuery = queryOptions({
  queryKey: ["/api/auth/user"],
  queryFn: async (): Promise<PublicUser | null> => {
    try {
      return await apiGet<PublicUser>("/api/auth/user");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export interface UserStats {
  trackedGames: number;
  reportsGenerated: number;
  daysActive: number;
}

export const userStatsQuery = queryOptions({
  queryKey: ["/api/user/stats"],
  queryFn: () => apiGet<UserStats>("/api/user/stats"),
});

export const userSettingsQuery = queryOptions({
  queryKey: ["/api/user/settings"],
  queryFn: () => apiGet<Settings>("/api/user/settings"),
});

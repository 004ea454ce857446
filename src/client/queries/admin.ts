import { queryOptions } from "@tanstack/react-query";
import type { AdminStats } from "../../contracts/admin.ts";
import type { AdminListedUser } from "../../contracts/roles.ts";
import { apiGet } from "../api.ts";

/** Admin screens only: they mount behind the admin guard, so nobody else ever fetches these. */
export const adminUsersQuery = queryOptions({
  queryKey: ["/api/admin/users"],
  queryFn: () => apiGet<AdminListedUser[]>("/api/admin/users"),
});

export const adminStatsQuery = queryOptions({
  queryKey: ["/api/admin/stats"],
  queryFn: () => apiGet<AdminStats>("/api/admin/stats"),
});

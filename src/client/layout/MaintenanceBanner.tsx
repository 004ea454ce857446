import { useQuery } from "@tanstack/react-query";
import type { PublicStatus } from "../../contracts/operations.ts";
import { apiGet } from "../api.ts";
import { STATUS_QUERY_KEY } from "../queries/status.ts";

/** Tells every signed-in user when an admin has turned maintenance mode on (GET /api/status). */
export function MaintenanceBanner() {
  const { data } = useQuery({
    queryKey: STATUS_QUERY_KEY,
    queryFn: () => apiGet<PublicStatus>("/api/status"),
    refetchInterval: 60_000,
  });
  if (!data?.maintenance.enabled) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="border-amber-500/40 border-b bg-amber-500/15 px-4 py-2 text-sm"
    >
      <strong>Maintenance:</strong> changes cannot be saved right now.
      {data.maintenance.message ? ` ${data.maintenance.message}` : ""}
    </div>
  );
}

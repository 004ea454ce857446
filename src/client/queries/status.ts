/** The public status the maintenance banner reads (GET /api/status), refreshed when a write is refused with 503. */
export const STATUS_QUERY_KEY = ["/api/status"] as const;

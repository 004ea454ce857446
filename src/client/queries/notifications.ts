import { queryOptions } from "@tanstack/react-query";
import type { NotificationList } from "../../contracts/notifications.ts";
import { apiGet } from "../api.ts";

/** The user's notifications (the bell in the header); refetched when the socket brings new ones. */
export const notificationsQuery = queryOptions({
  queryKey: ["/api/user/notifications"],
  queryFn: () => apiGet<NotificationList>("/api/user/notifications"),
});

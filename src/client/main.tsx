import "../ui/styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { onAccessRefused } from "./api.ts";
import { App } from "./app.tsx";
import { DeferredToaster } from "./DeferredToaster.tsx";
import { restoreFormatPreferences } from "./format/preferences.ts";
import { refreshAfterReconnect } from "./queries/reconnect-refresh.ts";
import { STATUS_QUERY_KEY } from "./queries/status.ts";
import { createQueryClient, handleLoggedOut, refreshAfterRoleChange } from "./query-client.ts";
import {
  onRealtimeAccountChanged,
  onRealtimeReconnected,
  onRealtimeSessionEnded,
  onRealtimeStatusChanged,
} from "./realtime.ts";

const queryClient = createQueryClient();
// A socket whose session the server ended takes the same path as a 401 from the API.
onRealtimeSessionEnded(handleLoggedOut);
// Spec §4 "Admin role change applies immediately": told by the socket, or found by a request the
// server refused by role, the app reloads the user and the shell shows the plan now in force.
onRealtimeAccountChanged(() => void refreshAfterRoleChange(queryClient, { everything: true }));
onAccessRefused(() => void refreshAfterRoleChange(queryClient));
// Back after a lost connection: fetch again what the socket may have brought meanwhile (events are
// not replayed), so an alert made while it was down shows on the bell without a reload.
onRealtimeReconnected(() => void refreshAfterReconnect(queryClient));
// Maintenance turned on or off: the banner (GET /api/status) follows at once, not at its next poll.
onRealtimeStatusChanged((status) => queryClient.setQueryData(STATUS_QUERY_KEY, status));
// Dates and numbers as the user last had them (language, time zone) until their settings arrive.
restoreFormatPreferences();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <DeferredToaster />
    </QueryClientProvider>
  </StrictMode>,
);

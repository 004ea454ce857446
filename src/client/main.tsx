import "../ui/styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { DeferredToaster } from "./DeferredToaster.tsx";
import { restoreFormatPreferences } from "./format/preferences.ts";
import { createQueryClient, handleLoggedOut } from "./query-client.ts";
import { onRealtimeSessionEnded } from "./realtime.ts";

const queryClient = createQueryClient();
// A socket whose session the server ended takes the same path as a 401 from the API.
onRealtimeSessionEnded(handleLoggedOut);
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

import "../ui/styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { DeferredToaster } from "./DeferredToaster.tsx";
import { createQueryClient } from "./query-client.ts";

const queryClient = createQueryClient();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <DeferredToaster />
    </QueryClientProvider>
  </StrictMode>,
);

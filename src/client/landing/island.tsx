import "../../ui/styles.css";
import { createRoot } from "react-dom/client";
import { Toaster } from "../../ui/toast/index.ts";
import { SignInIsland } from "./SignInDialog.tsx";

// The landing page's only script: the sign-in dialog and its triggers (issue 3 "islands").
const root = document.getElementById("signin-root");
if (root) {
  createRoot(root).render(
    <>
      <SignInIsland />
      <Toaster />
    </>,
  );
}

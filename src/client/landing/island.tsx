import "../../ui/styles.css";
import { AUTH_ERROR_MESSAGES, type AuthErrorCode } from "../../contracts/auth-errors.ts";
import { safeReturnPath } from "../../contracts/return-path.ts";
import { describeFailure, type SignInField } from "./sign-in-failure.ts";
import { type Mode, SIGNIN_TEXTS } from "./signin-texts.ts";

/**
 * The landing page's only script (issue 3 "islands"; issue 13: no React, no Radix): it drives the
 * server-rendered native `<dialog>` of SignInDialog.tsx. Every element with `data-open-signin`
 * opens it; without JavaScript those are plain links to `/?signin=1`.
 */

const TOAST_MS = 5000;

function showToast(title: string, description: string): void {
  const box = document.getElementById("landing-toast");
  if (!box) return;
  box.querySelector("[data-toast=title]")!.textContent = title;
  box.querySelector("[data-toast=description]")!.textContent = description;
  box.hidden = false;
  setTimeout(() => {
    box.hidden = true;
  }, TOAST_MS);
}

function start(dialog: HTMLDialogElement): void {
  const part = <T extends HTMLElement = HTMLElement>(name: string) =>
    dialog.querySelector<T>(`[data-signin="${name}"]`)!;
  const form = part<HTMLFormElement>("form");
  const email = dialog.querySelector<HTMLInputElement>("#signin-email")!;
  const password = dialog.querySelector<HTMLInputElement>("#signin-password")!;
  const error = part("error");
  const submit = part<HTMLButtonElement>("submit");
  let mode: Mode = "create";
  let next: string | null = null;

  // The fields the error is about are marked invalid and described by it, as the screener's filters
  // are (aria-invalid, aria-describedby); the others, and all of them once it goes, are not.
  const setError = (message: string | null, fields: SignInField[] = []) => {
    part("error-text").textContent = message ?? "";
    error.hidden = message === null;
    for (const input of [email, password]) {
      if (fields.includes(input.name as SignInField)) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", "signin-error-text");
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    }
  };
  const setMode = (m: Mode) => {
    mode = m;
    const t = SIGNIN_TEXTS[m];
    part("title").textContent = t.title;
    part("description").textContent = t.description;
    part("submit-label").textContent = t.submit;
    part("switch-prompt").textContent = t.switchPrompt;
    part("switch").textContent = t.switchLabel;
    password.placeholder = t.placeholder;
    password.autocomplete = t.autocomplete as AutoFill;
    setError(null);
  };
  const setNext = (path: string | null) => {
    next = path;
    for (const a of dialog.querySelectorAll<HTMLAnchorElement>("[data-signin-provider]")) {
      const provider = a.dataset.signinProvider!;
      a.href = `/api/login?provider=${provider}${next ? `&next=${encodeURIComponent(next)}` : ""}`;
    }
  };
  const setPending = (pending: boolean) => {
    submit.disabled = pending;
    if (pending) submit.setAttribute("aria-busy", "true");
    else submit.removeAttribute("aria-busy");
    part("spinner").toggleAttribute("hidden", !pending);
  };
  const open = (m: Mode) => {
    setMode(m);
    if (!dialog.open) dialog.showModal();
  };

  document.addEventListener("click", (event) => {
    const trigger = (event.target as Element | null)?.closest?.("[data-open-signin]");
    if (!trigger) return;
    event.preventDefault();
    open(trigger.getAttribute("data-open-signin") === "signin" ? "signin" : "create");
  });
  part("switch").addEventListener("click", () => setMode(mode === "create" ? "signin" : "create"));
  part("close").addEventListener("click", () => dialog.close());
  // The content fills the <dialog> box, so a click whose target is the dialog itself is on the backdrop.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => setError(null));
  // A modal <dialog> lets Tab leave for the browser's own controls after its last one: keep the
  // focus inside, wrapping from the last control (Close) to the first and back with Shift+Tab.
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const controls = [...dialog.querySelectorAll<HTMLElement>("a[href],button,input")].filter(
      (el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
    );
    const first = controls[0];
    const last = controls[controls.length - 1];
    const edge = event.shiftKey ? first : last;
    if (edge && document.activeElement === edge) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const res = await fetch(mode === "create" ? "/api/auth/signup" : "/api/auth/login", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: email.value, password: password.value }),
      });
      if (res.ok) {
        // Read the answer to its end before leaving, so the request is not cut off mid-body.
        await res.arrayBuffer();
        // Signed in: `/` now serves the app; a visitor who came from a deep link goes back there.
        window.location.assign(next ?? "/");
        return;
      }
      const failure = await describeFailure(res, mode);
      setError(failure.text, failure.fields);
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
    } finally {
      setPending(false);
      // Started from the button, which is disabled while pending, the focus fell to <body>: give it to
      // the first field in error, or the button, so the person goes on from there. Enter in a field
      // kept the focus in it, and it stays.
      if (dialog.open && !dialog.contains(document.activeElement)) {
        (dialog.querySelector<HTMLElement>('[aria-invalid="true"]') ?? submit).focus();
      }
    }
  });

  const params = new URLSearchParams(window.location.search);
  if (params.get("signin") === "1") {
    setNext(safeReturnPath(params.get("next")));
    open("signin");
  }
  const authError = params.get("auth_error");
  if (authError) {
    showToast(
      "Sign-in failed",
      AUTH_ERROR_MESSAGES[authError as AuthErrorCode] ?? "Sign-in did not complete. Please try again.",
    );
  }
  if (params.has("signin") || params.has("auth_error") || params.has("next")) {
    window.history.replaceState(null, "", window.location.pathname + window.location.hash);
  }
}

const dialog = document.getElementById("signin-dialog");
if (dialog instanceof HTMLDialogElement) start(dialog);

import { X } from "lucide-react";
import { Alert, AlertDescription } from "../../ui/alert/index.ts";
import { Button } from "../../ui/button/index.ts";
import { Input } from "../../ui/input/index.ts";
import { Label } from "../../ui/label/index.ts";
import { Spinner } from "../../ui/spinner/index.ts";
import { PROVIDERS, type ProviderId, SIGNIN_TEXTS, unconfiguredProvidersText } from "./signin-texts.ts";

/**
 * The sign-in dialog's markup, rendered on the server with the landing page and closed. It is a
 * native `<dialog>`: `showModal()` gives the focus trap, the inert page behind, Escape to close and
 * focus returned to the trigger, so the island (island.tsx) only wires the triggers, the mode switch,
 * the form and outside clicks — no React and no Radix in the landing page's script. Elements the
 * island drives carry `data-signin`.
 */
export function SignInDialog({
  configuredProviders = [],
}: {
  /** The providers this server has credentials for (read on the server: the page makes no request). */
  configuredProviders?: readonly ProviderId[];
}) {
  const t = SIGNIN_TEXTS.create;
  const unconfigured = PROVIDERS.filter((p) => !configuredProviders.includes(p.id));
  return (
    <>
      <dialog
        id="signin-dialog"
        aria-labelledby="signin-title"
        aria-describedby="signin-description"
        className="m-auto max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-visible rounded-xl border border-border bg-card p-0 text-card-foreground shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm"
      >
        {/* The whole box is this div: a click whose target is the <dialog> itself fell on the backdrop. */}
        <div className="relative grid max-h-[calc(100vh-2rem)] gap-4 overflow-y-auto p-6">
          <div className="flex flex-col gap-1.5 text-center">
            <h2 id="signin-title" data-signin="title" className="font-semibold text-xl">
              {t.title}
            </h2>
            <p id="signin-description" data-signin="description" className="text-muted-foreground text-sm">
              {t.description}
            </p>
          </div>
          <div className="grid gap-2">
            {PROVIDERS.map((p) => {
              const configured = configuredProviders.includes(p.id);
              // An unconfigured provider keeps its button (it leads to the message saying so), but the
              // button says it before the click, and the line below tells the visitor what to use.
              return (
                <Button key={p.id} variant="outline" asChild>
                  <a
                    href={`/api/login?provider=${p.id}`}
                    data-signin-provider={p.id}
                    data-configured={configured ? "true" : "false"}
                    aria-describedby={configured ? undefined : "signin-providers-note"}
                  >
                    Continue with {p.label}
                    {configured ? null : (
                      <span className="font-normal text-muted-foreground text-xs">· not set up</span>
                    )}
                  </a>
                </Button>
              );
            })}
            {unconfigured.length > 0 && (
              <p
                id="signin-providers-note"
                data-testid="signin-providers-note"
                className="text-center text-muted-foreground text-xs"
              >
                {unconfiguredProvidersText(unconfigured.map((p) => p.label))}
              </p>
            )}
          </div>
          <div className="flex items-center gap-3 text-muted-foreground text-xs">
            <span className="h-px flex-1 bg-border" /> or with email{" "}
            <span className="h-px flex-1 bg-border" />
          </div>
          <form className="grid gap-4" data-signin="form">
            <div className="grid gap-2">
              <Label htmlFor="signin-email">Email</Label>
              <Input
                id="signin-email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@studio.com"
                required
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="signin-password">Password</Label>
              <Input
                id="signin-password"
                name="password"
                type="password"
                autoComplete={t.autocomplete}
                placeholder={t.placeholder}
                required
              />
            </div>
            <Alert variant="destructive" role="alert" data-testid="signin-error" data-signin="error" hidden>
              <AlertDescription id="signin-error-text" data-signin="error-text" />
            </Alert>
            <Button type="submit" className="w-full" data-signin="submit">
              <span data-signin="spinner" hidden>
                <Spinner aria-hidden="true" label="" role="presentation" />
              </span>
              <span data-signin="submit-label">{t.submit}</span>
            </Button>
          </form>
          <p className="text-center text-muted-foreground text-sm">
            <span data-signin="switch-prompt">{t.switchPrompt}</span>
            <button
              type="button"
              data-signin="switch"
              className="cursor-pointer font-medium text-primary hover:underline"
            >
              {t.switchLabel}
            </button>
          </p>
          <button
            type="button"
            data-signin="close"
            aria-label="Close"
            className="absolute top-4 right-4 cursor-pointer rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      </dialog>
      {/* Where the island says why a provider sign-in failed (/?auth_error=…). */}
      <div
        id="landing-toast"
        role="status"
        aria-live="polite"
        hidden
        className="fixed right-4 bottom-4 z-[100] grid w-[calc(100%-2rem)] max-w-[420px] gap-1 rounded-lg border border-destructive bg-destructive p-4 text-destructive-foreground shadow-lg"
      >
        <p data-toast="title" className="font-semibold text-sm" />
        <p data-toast="description" className="text-sm opacity-90" />
      </div>
    </>
  );
}

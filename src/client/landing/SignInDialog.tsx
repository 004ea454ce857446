import { useEffect, useState } from "react";
import { AUTH_ERROR_MESSAGES, type AuthErrorCode } from "../../contracts/auth-errors.ts";
import { safeReturnPath } from "../../contracts/return-path.ts";
// Deep imports, not the kit's index: the island ships only what the dialog needs.
import { Alert, AlertDescription } from "../../ui/alert/index.ts";
import { Button } from "../../ui/button/index.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog/index.ts";
import { Input } from "../../ui/input/index.ts";
import { Label } from "../../ui/label/index.ts";
import { toast } from "../../ui/toast/index.ts";

export type Mode = "create" | "signin";

const PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "discord", label: "Discord" },
  { id: "github", label: "GitHub" },
] as const;

interface Problem {
  title?: string;
  detail?: string;
  errors?: Array<{ field: string; message: string }>;
}

function waitText(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return "Please wait a while and try again.";
  const minutes = Math.ceil(seconds / 60);
  return seconds < 90 ? `Try again in ${Math.ceil(seconds)} seconds.` : `Try again in ${minutes} minutes.`;
}

/** What the dialog says for a failed sign-up or sign-in (issue 3: the form works and explains itself). */
async function describeFailure(res: Response, mode: Mode): Promise<string> {
  let problem: Problem = {};
  try {
    problem = (await res.json()) as Problem;
  } catch {
    // Not JSON: fall back to the status below.
  }
  if (res.status === 409) return "An account with this email already exists. Sign in instead.";
  if (res.status === 401) return "Incorrect email or password.";
  if (res.status === 429) return `Too many attempts. ${waitText(res.headers.get("retry-after"))}`;
  if (res.status === 422 && problem.errors?.length) {
    return problem.errors
      .map(
        (e) =>
          `${e.field === "password" ? "Password" : e.field === "email" ? "Email" : e.field}: ${e.message}`,
      )
      .join(" ");
  }
  return (
    problem.detail ??
    `Could not ${mode === "create" ? "create your account" : "sign you in"}. Please try again.`
  );
}

export function SignInDialog({
  open,
  mode,
  onOpenChange,
  onModeChange,
  next = null,
}: {
  open: boolean;
  mode: Mode;
  /** The screen the visitor asked for before signing in (a checked same-site path). */
  next?: string | null;
  onOpenChange: (open: boolean) => void;
  onModeChange: (mode: Mode) => void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const create = mode === "create";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const res = await fetch(create ? "/api/auth/signup" : "/api/auth/login", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (res.ok) {
        // Read the answer to its end before leaving, so the request is not cut off mid-body.
        await res.arrayBuffer();
        // Signed in: `/` now serves the app; a visitor who came from a deep link goes back there.
        window.location.assign(next ?? "/");
        return;
      }
      setError(await describeFailure(res, mode));
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent aria-describedby="signin-description">
        <DialogHeader>
          <DialogTitle>{create ? "Create your account" : "Welcome back"}</DialogTitle>
          <DialogDescription id="signin-description">
            {create
              ? "Start your 14-day free trial. No credit card required."
              : "Sign in to your Gaming Intelligence account."}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          {PROVIDERS.map((p) => (
            <Button key={p.id} variant="outline" asChild>
              <a href={`/api/login?provider=${p.id}${next ? `&next=${encodeURIComponent(next)}` : ""}`}>
                Continue with {p.label}
              </a>
            </Button>
          ))}
        </div>
        <div className="flex items-center gap-3 text-muted-foreground text-xs">
          <span className="h-px flex-1 bg-border" /> or with email <span className="h-px flex-1 bg-border" />
        </div>
        <form className="grid gap-4" onSubmit={submit} noValidate={false}>
          <div className="grid gap-2">
            <Label htmlFor="signin-email">Email</Label>
            <Input
              id="signin-email"
              type="email"
              autoComplete="email"
              placeholder="you@studio.com"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="signin-password">Password</Label>
            <Input
              id="signin-password"
              type="password"
              autoComplete={create ? "new-password" : "current-password"}
              placeholder={create ? "Create a password" : "Enter your password"}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && (
            <Alert variant="destructive" data-testid="signin-error">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <Button type="submit" loading={pending} className="w-full">
            {create ? "Create Account" : "Sign In"}
          </Button>
        </form>
        <p className="text-center text-muted-foreground text-sm">
          {create ? "Already have an account? " : "New to Gaming Intelligence? "}
          <button
            type="button"
            className="cursor-pointer font-medium text-primary hover:underline"
            onClick={() => {
              setError(null);
              onModeChange(create ? "signin" : "create");
            }}
          >
            {create ? "Sign in" : "Create an account"}
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

/** The island: owns the dialog and turns every `[data-open-signin]` link on the page into a trigger. */
export function SignInIsland() {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>("create");
  const [next, setNext] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest?.("[data-open-signin]");
      if (!trigger) return;
      event.preventDefault();
      setMode(trigger.getAttribute("data-open-signin") === "signin" ? "signin" : "create");
      setOpen(true);
    };
    document.addEventListener("click", onClick);

    const params = new URLSearchParams(window.location.search);
    if (params.get("signin") === "1") {
      setMode("signin");
      setOpen(true);
      setNext(safeReturnPath(params.get("next")));
    }
    const authError = params.get("auth_error");
    if (authError) {
      toast({
        title: "Sign-in failed",
        description:
          AUTH_ERROR_MESSAGES[authError as AuthErrorCode] ?? "Sign-in did not complete. Please try again.",
        variant: "destructive",
      });
    }
    if (params.has("signin") || params.has("auth_error") || params.has("next")) {
      window.history.replaceState(null, "", window.location.pathname + window.location.hash);
    }
    return () => document.removeEventListener("click", onClick);
  }, []);

  return <SignInDialog open={open} mode={mode} onOpenChange={setOpen} onModeChange={setMode} next={next} />;
}

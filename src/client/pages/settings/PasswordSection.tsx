import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN, type SessionsEndedAnswer } from "../../../contracts/auth.ts";
import { Button } from "../../../ui/button/index.ts";
import { Input } from "../../../ui/input/index.ts";
import { Label } from "../../../ui/label/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { ApiError, apiRequest, errorMessage } from "../../api.ts";
import { Section } from "../../components/Section.tsx";

const passwordQuery = {
  queryKey: ["/api/auth/password"],
  queryFn: () => apiRequest<{ hasPassword: boolean }>("GET", "/api/auth/password"),
};

const sessions = (n: number) => `${n} other session${n === 1 ? "" : "s"}`;

/** What ending the other sessions did, in words. */
function endedText(n: number): string {
  return n === 0 ? "No other session was signed in." : `${sessions(n)} signed out.`;
}

/**
 * A password input with its label, and below it the server's message for the field, else its hint
 * (if any). The id is also the autocomplete token ("current-password", "new-password").
 */
function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
}: {
  id: "current-password" | "new-password";
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
}) {
  const note = error || hint;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      {note && (
        <p id={`${id}-note`} className={error ? "text-destructive text-sm" : "text-muted-foreground text-sm"}>
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * Settings → Security → Password: change it (current and new), or set a first one on an account made
 * through Google, Discord or GitHub. The other sessions end; this one stays. And "Sign out other
 * sessions" without a change.
 */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const status = useQuery(passwordQuery);
  const hasPassword = status.data?.hasPassword;
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: () =>
      apiRequest<SessionsEndedAnswer>(
        "POST",
        "/api/auth/password",
        hasPassword ? { currentPassword: current, newPassword: next } : { newPassword: next },
      ),
    onSuccess: ({ endedSessions }) => {
      const what = hasPassword
        ? "Password changed."
        : "Password set: you can now sign in with your email too.";
      setChanged(`${what} ${endedText(endedSessions)} This session stays signed in.`);
      setCurrent("");
      setNext("");
      setFieldErrors({});
      queryClient.setQueryData(passwordQuery.queryKey, { hasPassword: true });
    },
    onError: (error) => {
      setChanged(null);
      const errors = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
      setFieldErrors(Object.fromEntries(errors.map((e) => [e.field, e.message])));
      if (errors.length === 0)
        toast({ title: "Password not changed", description: errorMessage(error), variant: "destructive" });
    },
  });

  const endOthers = useMutation({
    mutationFn: () => apiRequest<SessionsEndedAnswer>("POST", "/api/auth/sessions/end-others"),
    onSuccess: ({ endedSessions }) => setEnded(endedText(endedSessions)),
    onError: (error) =>
      toast({ title: "Sessions not signed out", description: errorMessage(error), variant: "destructive" }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };

  return (
    <>
      <Section
        title="Password"
        description={
          hasPassword === false
            ? "Your account has no password: you sign in through Google, Discord or GitHub. Set one to sign in with your email and password too."
            : "Change the password you sign in with."
        }
      >
        {status.isError ? (
          <p className="text-sm">Whether your account has a password could not be loaded.</p>
        ) : hasPassword === undefined ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <form className="grid max-w-md gap-4" onSubmit={submit} data-testid="password-form">
            {hasPassword && (
              <PasswordField
                id="current-password"
                label="Current password"
                value={current}
                onChange={setCurrent}
                error={fieldErrors.currentPassword}
              />
            )}
            <PasswordField
              id="new-password"
              label="New password"
              value={next}
              onChange={setNext}
              error={fieldErrors.newPassword}
              hint={`At least ${PASSWORD_MIN} characters besides spaces, not a commonly used password.`}
            />
            <p className="text-muted-foreground text-sm">
              Every other session of your account is signed out; this one stays signed in.
            </p>
            <div>
              <Button type="submit" loading={change.isPending}>
                {hasPassword ? "Change password" : "Set a password"}
              </Button>
            </div>
            {changed && (
              <p role="status" className="text-sm" data-testid="password-changed">
                {changed}
              </p>
            )}
          </form>
        )}
      </Section>
      <Section
        title="Sessions"
        description="Signs out every other browser and device signed in to your account. This one stays signed in."
      >
        <div className="grid justify-items-start gap-2">
          <Button variant="outline" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
            Sign out other sessions
          </Button>
          {ended && (
            <p role="status" className="text-sm" data-testid="sessions-ended">
              {ended}
            </p>
          )}
        </div>
      </Section>
    </>
  );
}

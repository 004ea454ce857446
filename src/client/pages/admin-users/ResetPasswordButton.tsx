import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { type PasswordResetAnswer, TEMPORARY_PASSWORD_HOURS } from "../../../contracts/auth.ts";
import { Button } from "../../../ui/button/index.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../ui/dialog/index.ts";
import { Input } from "../../../ui/input/index.ts";
import { apiRequest, errorMessage } from "../../api.ts";
import { formatDateTime } from "../../format/dates.ts";
import { toldUserGone } from "./user-gone.ts";

/**
 * User Management's "Reset password" (admins; not for their own account, which they change in
 * Settings): asks first, then shows the generated temporary password once, to pass on to the user,
 * and until when it signs in (`TEMPORARY_PASSWORD_HOURS`, ADR 027 addendum).
 */
export function ResetPasswordButton({
  userId,
  label,
  disabledReason,
}: {
  userId: string;
  label: string;
  /** Why this account's password cannot be reset here (an ADMIN_EMAILS owner): the button is off and says so. */
  disabledReason?: string;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const reset = useMutation({
    mutationFn: () =>
      apiRequest<PasswordResetAnswer>("POST", `/api/admin/users/${encodeURIComponent(userId)}/password`),
    // The account was deleted since the table loaded: said in a toast, as the row and its dialog leave
    // with the list loaded again (review r31/c #3). Other refusals stay in the dialog.
    onError: (error) => {
      if (toldUserGone(queryClient, error, "Failed to reset the password")) setOpen(false);
    },
  });
  const [copied, setCopied] = useState(false);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      // The password is shown once: closing forgets it.
      reset.reset();
      setCopied(false);
    }
  };
  const answer = reset.data;
  return (
    <>
      {/* The tooltip sits on a wrapper: a disabled button gets no pointer events to show its own. */}
      <span title={disabledReason} className="inline-flex">
        <Button
          variant="outline"
          size="sm"
          disabled={!!disabledReason}
          onClick={() => setOpen(true)}
          aria-label={`Reset password of ${label}`}
          title={disabledReason}
        >
          <KeyRound aria-hidden="true" /> Reset password
        </Button>
      </span>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          {answer ? (
            <>
              <DialogHeader>
                <DialogTitle>Temporary password for {label}</DialogTitle>
                <DialogDescription>
                  Pass it on privately. It is shown only this once: after you close this, nobody can see it
                  again. {label} was signed out everywhere ({answer.endedSessions}{" "}
                  {answer.endedSessions === 1 ? "session" : "sessions"} ended) and signs in with it. It works
                  for {TEMPORARY_PASSWORD_HOURS} hours only, until{" "}
                  <span data-testid="temporary-password-expires">{formatDateTime(answer.expiresAt)}</span>:
                  they set their own in Settings → Security → Password before then; after that, only a new
                  reset lets them in with a password.
                </DialogDescription>
              </DialogHeader>
              <div className="flex gap-2">
                <Input
                  readOnly
                  value={answer.temporaryPassword}
                  aria-label="Temporary password"
                  data-testid="temporary-password"
                  className="font-mono"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button
                  variant="outline"
                  onClick={() =>
                    void navigator.clipboard?.writeText(answer.temporaryPassword).then(
                      () => setCopied(true),
                      () => setCopied(false),
                    )
                  }
                >
                  {copied ? "Copied" : "Copy"}
                </Button>
              </div>
              <DialogFooter>
                <Button onClick={() => close(false)}>Done</Button>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogHeader>
                <DialogTitle>Reset the password of {label}?</DialogTitle>
                <DialogDescription>
                  Their current password stops working and every session of theirs is signed out. You get a
                  temporary password to pass on to them, valid for {TEMPORARY_PASSWORD_HOURS} hours.
                </DialogDescription>
              </DialogHeader>
              {reset.isError && (
                <p role="alert" className="text-destructive text-sm">
                  {errorMessage(reset.error, "The password could not be reset.")}
                </p>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={() => close(false)}>
                  Cancel
                </Button>
                <Button variant="destructive" loading={reset.isPending} onClick={() => reset.mutate()}>
                  Reset password
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

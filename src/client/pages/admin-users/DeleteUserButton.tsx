import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../ui/button/index.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../ui/dialog/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { apiRequest, errorMessage } from "../../api.ts";
import { reloadUsers, toldUserGone } from "./user-gone.ts";

/**
 * User Management's "Delete" (review r31/c #2, ADR 043): removes another user's account, a departed
 * employee's, after asking. Not offered on the admin's own row (their own Delete Account is in
 * Settings). The account goes with everything it holds, and its open tabs are signed out at once.
 */
export function DeleteUserButton({
  userId,
  label,
  disabledReason,
}: {
  userId: string;
  /** The user as the table names them: "Name (email)", or the email alone. */
  label: { short: string; full: string };
  /** Why this account cannot be deleted here (the server refuses it too): the button is off and says so. */
  disabledReason?: string;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiRequest<void>("DELETE", `/api/admin/users/${encodeURIComponent(userId)}`),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: "Success", description: `The account of ${label.full} was deleted.` });
      await reloadUsers(queryClient);
    },
    // Gone already (its owner or another admin deleted it): said in a toast, as the row and its dialog
    // leave with the list loaded again (review r31/c #3). Other refusals stay in the dialog.
    onError: (error) => {
      if (toldUserGone(queryClient, error, "Failed to delete the account")) setOpen(false);
    },
  });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) remove.reset();
  };
  return (
    <>
      {/* The tooltip sits on a wrapper: a disabled button gets no pointer events to show its own. */}
      <span title={disabledReason} className="inline-flex">
        {/* An icon alone, named for screen readers and on hover: the row still fits a 1280 px desktop. */}
        <Button
          variant="outline"
          size="sm"
          className="px-2 text-destructive"
          disabled={!!disabledReason}
          onClick={() => setOpen(true)}
          aria-label={`Delete the account of ${label.short}`}
          title={disabledReason ?? "Delete account"}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </span>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete the account of {label.short}?</DialogTitle>
            <DialogDescription>
              {label.full} is signed out everywhere, and their account goes with everything it holds:
              watchlist, reports, settings and notifications. This cannot be undone. The audit log keeps who
              deleted whom.
            </DialogDescription>
          </DialogHeader>
          {remove.isError && (
            <p role="alert" className="text-destructive text-sm">
              {errorMessage(remove.error, "The account could not be deleted.")}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete account
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

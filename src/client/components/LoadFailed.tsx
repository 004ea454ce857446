import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../ui/alert/index.ts";
import { Button } from "../../ui/button/index.ts";
import { ApiError, errorMessage } from "../api.ts";

/**
 * Why a screen's data did not load, in the server's own words: the problem JSON's `detail` ("Too many
 * requests. Try again in 57 seconds.", "The database is not reachable"), else its status, else that
 * the server was not reached. Never an empty state: a refused request says nothing about the data.
 */
export function loadFailedText(error: unknown): string {
  if (error instanceof ApiError) {
    return errorMessage(error, `The server answered ${error.status}.`);
  }
  return "The server could not be reached. Check the connection and try again.";
}

/**
 * The one "could not load" state of the screens: what did not load, the server's message, and a
 * Retry that asks again. Shown in place of the part of the screen whose request failed.
 */
export function LoadFailed({
  what,
  title,
  error,
  onRetry,
  className,
}: {
  /** What did not load, after "Could not load": "the market figures". */
  what: string;
  /** A title of the spec's own for this failure, instead of "Could not load {what}". */
  title?: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert variant="destructive" className={className} data-testid="load-failed">
      <AlertCircle />
      <AlertTitle>{title ?? `Could not load ${what}`}</AlertTitle>
      <AlertDescription>
        <p>{loadFailedText(error)}</p>
        <Button className="mt-2" size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}

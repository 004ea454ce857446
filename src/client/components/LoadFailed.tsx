import { AlertCircle } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "../../ui/alert/index.ts";
import { Button } from "../../ui/button/index.ts";
import { ApiError, errorMessage } from "../api.ts";
import { plural } from "../format/numbers.ts";

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
 * The server's words with its wait counting down beside the Retry: "Try again in 57 seconds." read the
 * same while the button counted to 0. Past the wait the sentence goes, as Retry is then offered.
 */
export function waitingText(text: string, secondsLeft: number): string {
  const wait = /\s*Try again in \d+ seconds?\.?/i;
  if (!wait.test(text)) return text;
  return secondsLeft > 0
    ? text.replace(/in \d+ seconds?/i, `in ${plural(secondsLeft, "second")}`)
    : text.replace(wait, "").trim();
}

/**
 * What a Retry can do for this error: nothing for a refusal that asking again cannot change (signed
 * out, a role or plan without access, a thing that is not there), so no Retry is offered; after the
 * wait the server asked for (Retry-After of a 429 or 503), not before; else at once.
 */
export function retryOf(
  error: unknown,
  now = Date.now(),
): { offered: false } | { offered: true; at: number } {
  if (!(error instanceof ApiError)) return { offered: true, at: now };
  if ([401, 403, 404, 410].includes(error.status)) return { offered: false };
  const wait = error.status === 429 || error.status === 503 ? (error.retryAfter ?? 0) : 0;
  return { offered: true, at: now + wait * 1000 };
}

const secondsUntil = (at: number | null) =>
  at == null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));

/** Whole seconds until `at` (0 once it has passed), counting down once a second. */
function useSecondsUntil(at: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSeconds(secondsUntil(at));
    if (at == null || at <= Date.now()) return;
    const timer = setInterval(() => {
      const next = secondsUntil(at);
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/**
 * The one "could not load" state of the screens: what did not load, the server's message, and a
 * Retry that asks again (when asking again can help: `retryOf`). Shown in place of the part of the screen whose request failed.
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
  // Worked out once per error: the wait counts from when the refusal came.
  const retry = useMemo(() => retryOf(error), [error]);
  const wait = useSecondsUntil(retry.offered ? retry.at : null);
  return (
    <Alert variant="destructive" role="alert" className={className} data-testid="load-failed">
      <AlertCircle />
      <AlertTitle>{title ?? `Could not load ${what}`}</AlertTitle>
      <AlertDescription>
        <p>{waitingText(loadFailedText(error), retry.offered ? wait : 0)}</p>
        {retry.offered && (
          <Button className="mt-2" size="sm" variant="outline" onClick={onRetry} disabled={wait > 0}>
            {wait > 0 ? `Retry in ${wait} s` : "Retry"}
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}

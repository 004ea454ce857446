import { APICallError, generateText, InvalidResponseDataError, NoObjectGeneratedError, Output } from "ai";
import type { z } from "zod";
import { log } from "../log.ts";
import { type ConfiguredModel, configuredModel } from "./provider.ts";

/**
 * One structured call to the language model, with our own retries: the SDK's are off so that a
 * `Retry-After` is honoured exactly, a schema-violating answer is retried like a 5xx, and the whole
 * call stays inside a deadline (the caller then answers from the statistics, never a spinner).
 */
export const MAX_ATTEMPTS = 3;
const BACKOFF_MS = 250;
/** A Retry-After longer than this is not waited for: the statistics answer now instead. */
const MAX_RETRY_AFTER_MS = 10_000;

/**
 * The longest one request may spend on the model, every attempt and wait included (AI_TIMEOUT_MS
 * is one attempt's limit). The analyses and the chat both stop at it; the server's idle timeout
 * (src/server/http/request-limits.ts) is set above it.
 */
export const modelDeadlineMs = (timeoutMs: number) => timeoutMs * 2;

/**
 * The longest one streamed chat answer may take in all. In a stream AI_TIMEOUT_MS limits silence
 * (no token or event for that long), so a slow local model writing a few tokens a second is not cut
 * off; this cap only stops one that never ends. The chat's keep-alives hold the connection meanwhile.
 */
export const STREAM_CAP_MS = 10 * 60_000;

/** Error codes of a connection that broke (Node's and Bun's sockets, undici's fetch). */
const BROKEN_CONNECTION_CODES = new Set([
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "ConnectionClosed",
]);

/**
 * Whether an error, after the model's words had begun to arrive, is the stream breaking off (the
 * connection dropped): only what a dropped connection is known to raise — the provider's "Response
 * stream ended without a finish reason" (a body that ended early), fetch's `terminated` or `fetch
 * failed`, a socket's ECONNRESET and kin, found on the error or its causes. Anything else (an HTTP
 * status, a chunk that could not be read, an error of our own code) is not.
 */
export function isBrokenStream(error: unknown): boolean {
  for (let e = error, depth = 0; e != null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (InvalidResponseDataError.isInstance(e))
      return /stream ended without a finish reason/i.test(e.message);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && BROKEN_CONNECTION_CODES.has(code)) return true;
    if (e instanceof TypeError && /^(?:terminated|fetch failed)$/i.test(e.message)) return true;
    if (!(e instanceof Error)) return false;
  }
  return false;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export type LlmOutcome<T> =
  | { ok: true; output: T; usage: Usage; attempts: number; model: ConfiguredModel }
  | { ok: false; reason: string; usage: Usage; attempts: number; model: ConfiguredModel | null };

export const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

function addUsage(a: Usage, u: { inputTokens?: number; outputTokens?: number } | undefined): Usage {
  const input = u?.inputTokens ?? 0;
  const output = u?.outputTokens ?? 0;
  return {
    inputTokens: a.inputTokens + input,
    outputTokens: a.outputTokens + output,
    totalTokens: a.totalTokens + input + output,
  };
}

/** Milliseconds a `Retry-After` header (seconds or an HTTP date) asks for, or null. */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | null {
  const value = headers?.["retry-after"] ?? headers?.["Retry-After"];
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Why an attempt failed, in words for the note and the log; and whether trying again may help. */
export function classify(
  error: unknown,
  timedOut: boolean,
): { reason: string; retry: boolean; waitMs: number | null } {
  if (timedOut) return { reason: "timed out", retry: true, waitMs: null };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 429)
      return { reason: "rate limited (429)", retry: true, waitMs: retryAfterMs(error.responseHeaders) };
    if (status != null && status >= 500)
      return { reason: `server error (${status})`, retry: true, waitMs: retryAfterMs(error.responseHeaders) };
    // A 2xx whose body was not a completion (an HTML page, a truncated body): the answer did not fit,
    // as the chat calls it, and may be right the next time.
    if (status != null && status >= 200 && status < 300)
      return { reason: "answer did not fit the expected format", retry: true, waitMs: null };
    if (status != null) return { reason: `refused (${status})`, retry: false, waitMs: null };
    return { reason: "unreachable", retry: true, waitMs: null };
  }
  // Malformed JSON, an answer that does not fit the schema, an empty answer.
  return { reason: "answer did not fit the expected format", retry: true, waitMs: null };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function generateStructured<S extends z.ZodType>(request: {
  schema: S;
  system: string;
  prompt: string;
  /** For the log: which analysis asked. */
  purpose: string;
}): Promise<LlmOutcome<z.infer<S>>> {
  const model = configuredModel();
  if (!model) return { ok: false, reason: "not configured", usage: NO_USAGE, attempts: 0, model: null };
  let usage = NO_USAGE;
  let reason = "";
  let attempts = 0;
  // Every attempt and wait fits in this deadline, so a failing model costs at most about two timeouts.
  const deadline = performance.now() + modelDeadlineMs(model.timeoutMs);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const left = deadline - performance.now();
    if (left <= 0) break;
    attempts = attempt;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      Math.min(model.timeoutMs, left),
    );
    try {
      const result = await generateText({
        model: model.model,
        system: request.system,
        prompt: request.prompt,
        output: Output.object({ schema: request.schema }),
        maxOutputTokens: model.maxOutputTokens,
        temperature: 0.2,
        maxRetries: 0,
        abortSignal: controller.signal,
      });
      usage = addUsage(usage, result.usage);
      // Reading `output` parses and validates against the schema; it throws if either fails.
      const output = result.output as z.infer<S>;
      return { ok: true, output, usage, attempts: attempt, model };
    } catch (error) {
      // An answer that could not be parsed or broke the schema was still generated and billed: the
      // SDK throws it with the step's usage, which counts in the analysis's tokens and the budget.
      if (NoObjectGeneratedError.isInstance(error)) usage = addUsage(usage, error.usage);
      const verdict = classify(error, timedOut);
      reason = verdict.reason;
      log.warn("language model attempt failed", {
        purpose: request.purpose,
        attempt,
        reason,
        error: error instanceof Error ? error.message.slice(0, 300) : String(error),
      });
      if (!verdict.retry || attempt === MAX_ATTEMPTS) break;
      const wait = verdict.waitMs ?? BACKOFF_MS * 2 ** (attempt - 1);
      if (wait > MAX_RETRY_AFTER_MS || performance.now() + wait >= deadline) break;
      await sleep(wait);
    } finally {
      clearTimeout(timer);
    }
  }
  return { ok: false, reason, usage, attempts, model };
}

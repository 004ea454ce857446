import type { Mode } from "./signin-texts.ts";

// The landing sign-in dialog's words for a refused sign-up or sign-in (the island shows them).

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

/** The dialog's fields a refusal is about: their inputs are marked invalid and described by it. */
export type SignInField = "email" | "password";

/**
 * What the dialog says for a failed sign-up or sign-in (issue 3: the form works and explains itself),
 * and the fields it is about: the ones a 422 names, the email for a taken one, both for a wrong email
 * or password (the server does not say which); none for a wait or a failure of the server.
 */
export async function describeFailure(
  res: Response,
  mode: Mode,
): Promise<{ text: string; fields: SignInField[] }> {
  let problem: Problem = {};
  try {
    problem = (await res.json()) as Problem;
  } catch {
    // Not JSON: fall back to the status below.
  }
  if (res.status === 409)
    return { text: "An account with this email already exists. Sign in instead.", fields: ["email"] };
  // The server's words: a wrong email or password, or a right temporary password that has expired
  // (ADR 027 addendum), which only a new reset helps.
  if (res.status === 401)
    return { text: sentence(problem.detail ?? "Incorrect email or password"), fields: ["email", "password"] };
  if (res.status === 429)
    return { text: `Too many attempts. ${waitText(res.headers.get("retry-after"))}`, fields: [] };
  if (res.status === 422 && problem.errors?.length) {
    return {
      text: problem.errors
        .map(
          (e) =>
            `${e.field === "password" ? "Password" : e.field === "email" ? "Email" : e.field}: ${e.message}`,
        )
        .join(" "),
      fields: problem.errors
        .map((e) => e.field)
        .filter((f): f is SignInField => f === "email" || f === "password"),
    };
  }
  return {
    text:
      problem.detail ??
      `Could not ${mode === "create" ? "create your account" : "sign you in"}. Please try again.`,
    fields: [],
  };
}

/** Ends with a full stop, as the dialog's other messages do. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

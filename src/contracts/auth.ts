import { z } from "zod";
import type { PublicUser } from "./user.ts";

/**
 * Bodies and answers of the account endpoints (issue 2 §4). The landing page's sign-in dialog
 * sends these; the server validates them with the same schemas.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const OAUTH_PROVIDERS = ["google", "discord", "github"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Emails are compared trimmed and lower-cased: `Ann@Example.com ` and `ann@example.com` are one account. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { message: "Too long: at most 254 characters" })
  .pipe(z.email({ message: "Enter a valid email address" }));

/** The longest first or last name, at sign-up and in the profile alike. */
export const NAME_MAX = 100;
// C0 and C1 control characters, DEL included: a NUL cut the stored name short without a word.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but for text of several lines: line breaks and tabs are kept. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
export const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Bidirectional overrides and isolates: a name holding U+202E shows reversed, and everything after it
 * on its line (the admin user table, a notification) too.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** What a field holding BIDI_CONTROLS is told: profile names and chat questions (the chat's title) alike. */
export const BIDI_CONTROLS_MESSAGE = "Must not contain text-direction control characters";

/**
 * Half of a UTF-16 surrogate pair without its other half (`"\ud800abc"` in JSON): not a character, and
 * stored as U+FFFD, so the name kept would not be the one sent (review r31-b #3).
 */
export const LONE_SURROGATE = /[\ud800-\udfff]/u;
export const LONE_SURROGATE_MESSAGE = "Must not contain broken characters (unpaired surrogates)";
/**
 * Text that shows as nothing: white space and the characters fonts draw as nothing (zero-width spaces
 * and joiners, U+FEFF, the soft hyphen, variation selectors…). A name made only of them is blank, and
 * so are a chat question and the maintenance banner's message (review s9 #2).
 */
const ONLY_INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;
/** Whether text is blank: empty, or of white space and invisible characters only (`"\u200b\u200b"`). */
export const isBlankText = (v: string): boolean => ONLY_INVISIBLE.test(v);

/**
 * A first or last name as typed: trimmed, at most NAME_MAX characters, no control characters, no
 * text-direction controls, no unpaired surrogates. One of only invisible characters (`"\u200b\u200b"`)
 * is blank, "", as `"\ufeff"` (trimmed away) and "" are: it clears the name rather than leaving one that
 * looks empty on every screen (review r31-b #3).
 */
export const NameTextSchema = z
  .string()
  .trim()
  .max(NAME_MAX, { message: `Too long: at most ${NAME_MAX} characters` })
  .refine((v) => !CONTROL_CHARACTERS.test(v), { message: "Must not contain control characters" })
  .refine((v) => !LONE_SURROGATE.test(v), { message: LONE_SURROGATE_MESSAGE })
  .refine((v) => !BIDI_CONTROLS.test(v), { message: BIDI_CONTROLS_MESSAGE })
  .transform((v) => (isBlankText(v) ? "" : v));

const NameSchema = NameTextSchema.transform((v) => (v === "" ? undefined : v)).optional();

export const PASSWORD_ONLY_SPACES = "Must not be only spaces";
/** Spaces count toward the length but not as its characters: "            x" is one character. */
export const PASSWORD_TOO_FEW_NON_SPACES = `Too short: at least ${PASSWORD_MIN} characters besides spaces`;
/** Refused by the server (src/server/auth/common-passwords.ts): the list stays off the client. */
export const PASSWORD_COMMON = "Must not be a commonly used password";

/** The characters of a password that are not spaces (nor other white space), counted as code points. */
export const nonSpaceLength = (v: string) => [...v.replace(/\s/gu, "")].length;

/** A password being chosen (sign-up, change, set): the same rules everywhere. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { message: `Too short: at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Too long: at most ${PASSWORD_MAX} characters` })
  // A password of control characters (eight NULs) is no password a person can type again.
  .refine((v) => !CONTROL_CHARACTERS.test(v), { message: "Must not contain control characters" })
  // Nor one of spaces alone: refused at sign-up as at a change (review r21/a #4, r22-c #8).
  .refine((v) => v.trim() !== "", { message: PASSWORD_ONLY_SPACES })
  // Nor spaces padding a few characters to the length (review r25 #8). Said once: not beside "Too
  // short" for a password under the length, nor beside "only spaces".
  .refine((v) => v.length < PASSWORD_MIN || v.trim() === "" || nonSpaceLength(v) >= PASSWORD_MIN, {
    message: PASSWORD_TOO_FEW_NON_SPACES,
  });

export const SignupBodySchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    firstName: NameSchema,
    lastName: NameSchema,
  })
  // A misspelt field (`first_name`) is named in a 422, not dropped while the account is made.
  .strict();
export type SignupBody = z.input<typeof SignupBodySchema>;

/** Login takes any non-empty password up to the maximum: rules of length belong to sign-up. */
export const LoginBodySchema = z
  .object({
    email: EmailSchema,
    password: z
      .string()
      .min(1, { message: "Enter your password" })
      .max(PASSWORD_MAX, { message: `Too long: at most ${PASSWORD_MAX} characters` }),
  })
  .strict();
export type LoginBody = z.input<typeof LoginBodySchema>;

/**
 * `POST /api/auth/password`: change the password (the current one is required when the account has
 * one), or set one on an account made through a provider (no current password).
 */
export const PASSWORD_SAME_AS_CURRENT = "Must be different from your current password";
export const PASSWORD_IS_EMAIL = "Must not be your email address";

export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z
      .string()
      .max(PASSWORD_MAX, { message: `Too long: at most ${PASSWORD_MAX} characters` })
      .optional(),
    // NewPasswordSchema's rules, as at sign-up. The server adds: not the current password, not the
    // account's email.
    newPassword: NewPasswordSchema,
  })
  .strict();
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

/** `POST /api/auth/password` and `POST /api/auth/sessions/end-others`: how many other sessions ended. */
export interface SessionsEndedAnswer {
  endedSessions: number;
}

/**
 * How long an admin's (or the shell's) temporary password signs in: after that, only a new reset
 * helps (ADR 027 addendum). The user's own password change replaces it at any time.
 */
export const TEMPORARY_PASSWORD_HOURS = 24;

/** `POST /api/auth/login` with a temporary password that was right but has expired: 401 with this. */
export const TEMPORARY_PASSWORD_EXPIRED = "This temporary password has expired. Ask an admin for a new one.";

/** `POST /api/admin/users/:id/password`: the temporary password, shown once to the admin. */
export interface PasswordResetAnswer {
  temporaryPassword: string;
  endedSessions: number;
  /** When the temporary password stops signing in (ISO 8601): `TEMPORARY_PASSWORD_HOURS` after the reset. */
  expiresAt: string;
}

/** `POST /api/auth/signup` (201) and `POST /api/auth/login` (200) answer `{ user }`. */
export interface AuthAnswer {
  user: PublicUser;
}

/**
 * Codes the server puts in `/?auth_error=<code>` after a failed sign-in through a provider,
 * for the landing page's toast. `<provider>_not_configured` names the provider.
 */
export { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, type AuthErrorCode } from "./auth-errors.ts";

/** `/?auth_error=<code>` codes of the sign-in redirects and what the landing page says for each (no zod: the landing island imports it). */
export const AUTH_ERROR_CODES = [
  "unknown_provider",
  "google_not_configured",
  "discord_not_configured",
  "github_not_configured",
  "invalid_state",
  "access_denied",
  "provider_error",
  "email_unverified",
  "email_missing",
  "server_error",
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** What the landing page may say for each code. */
export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  unknown_provider: "That sign-in provider is not supported.",
  google_not_configured: "Google sign-in is not configured on this server.",
  discord_not_configured: "Discord sign-in is not configured on this server.",
  github_not_configured: "GitHub sign-in is not configured on this server.",
  invalid_state: "The sign-in attempt expired or was tampered with. Please try again.",
  access_denied: "Sign-in was cancelled.",
  provider_error: "The sign-in provider could not be reached. Please try again.",
  email_unverified:
    "An account with this email already exists. Verify the email with the provider, or sign in with your password.",
  email_missing: "The provider did not share an email address with us.",
  server_error: "Something went wrong on our side while signing you in. Please try again.",
};

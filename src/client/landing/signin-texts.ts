/** What the sign-in dialog says in each mode: rendered on the server, switched by the island. */
export type Mode = "create" | "signin";

export const SIGNIN_TEXTS: Record<
  Mode,
  {
    title: string;
    description: string;
    placeholder: string;
    autocomplete: string;
    submit: string;
    switchPrompt: string;
    switchLabel: string;
  }
> = {
  create: {
    title: "Create your account",
    description: "Start your 14-day free trial. No credit card required.",
    placeholder: "Create a password",
    autocomplete: "new-password",
    submit: "Create Account",
    switchPrompt: "Already have an account? ",
    switchLabel: "Sign in",
  },
  signin: {
    title: "Welcome back",
    description: "Sign in to your Gaming Intelligence account.",
    placeholder: "Enter your password",
    autocomplete: "current-password",
    submit: "Sign In",
    switchPrompt: "New to Gaming Intelligence? ",
    switchLabel: "Create an account",
  },
};

export const PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "discord", label: "Discord" },
  { id: "github", label: "GitHub" },
] as const;

export type ProviderId = (typeof PROVIDERS)[number]["id"];

/** The line under the provider buttons naming the ones this server has no credentials for. */
export function unconfiguredProvidersText(labels: readonly string[]): string {
  const names =
    labels.length <= 1
      ? (labels[0] ?? "")
      : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
  const verb = labels.length === 1 ? "is" : "are";
  return `${names} sign-in ${verb} not set up on this server — use your email.`;
}

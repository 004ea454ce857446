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

import { API_MIN_PER_MINUTE, type RateLimitSettings } from "../../../contracts/operations.ts";

/**
 * The Settings tab's names for what an admin sets: its card titles and form labels. The cards show
 * them, the save toasts name a field by them, and the audit log names a changed setting by them
 * rather than by its stored key (review r31-c #1).
 */

/** A form label without its parenthesised hint: what a toast names a field by. */
export const labelName = (label: string) => label.split(" (")[0]!;

/** Each stored setting's card title (the key `settings.changed` records). */
export const SETTING_TITLES = {
  maintenance: "Maintenance Mode",
  rateLimits: "API Rate Limiting",
  security: "Security Settings",
} as const;

export const MAINTENANCE_MESSAGE_LABEL = "Message shown in the banner";

/** The rate limits an admin may set, in the order the form asks them. */
export const RATE_LIMIT_FIELDS: Array<{
  key: keyof RateLimitSettings;
  id: string;
  label: string;
  min: number;
}> = [
  { key: "signInPerIp", id: "rl-ip", label: "Sign-in attempts from one address", min: 1 },
  {
    key: "signInPerEmailAndIp",
    id: "rl-pair",
    label: "Sign-in attempts on one email from one address",
    min: 1,
  },
  { key: "signInPerEmail", id: "rl-email", label: "Sign-in attempts on one email from anywhere", min: 1 },
  {
    key: "apiPerMinute",
    id: "rl-api",
    label: `API requests a minute per user (0: no limit, else at least ${API_MIN_PER_MINUTE}; admins are not limited)`,
    min: 0,
  },
];

export const RATE_LIMIT_LABELS: Record<string, string> = Object.fromEntries(
  RATE_LIMIT_FIELDS.map((f) => [f.key, labelName(f.label)]),
);

export const SESSION_DAYS_LABEL = "Session lifetime (days)";

export const AI_RPM_LABEL = "AI requests a minute per user (0: no AI for this plan)";
export const AI_LIMIT_LABELS = {
  requestsPerMinute: labelName(AI_RPM_LABEL),
  monthlyTokens: "Language-model tokens a month per user",
};

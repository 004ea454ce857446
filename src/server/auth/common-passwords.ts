import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The most common passwords, refused when one is chosen (sign-up, a change, setting a first one;
 * review r25 #8, ADR 027 addendum). The list is zxcvbn-ts's (@zxcvbn-ts/language-common, MIT): the
 * passwords of Mark Burnett's 10 million password sample ranked by how often they occur, most
 * common first, the list zxcvbn itself ships. The top COMMON_PASSWORD_RANKS are refused; of those,
 * the ones of 8 or more characters (about 3,500) are the ones the length rule does not already refuse.
 * Server only: the client bundle does not carry the list.
 */
export const COMMON_PASSWORD_RANKS = 10_000;

let common: ReadonlySet<string> | null = null;

/** Whether the password, case aside and trimmed, is among the most common ones. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_RANKS));
  return common.has(password.trim().toLowerCase());
}

import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN } from "../../contracts/auth.ts";

/**
 * The most common passwords, refused when one is chosen (sign-up, a change, setting a first one;
 * review r25 #8, ADR 027 addendum). The list is zxcvbn-ts's (@zxcvbn-ts/language-common, MIT): the
 * passwords of Mark Burnett's 10 million password sample ranked by how often they occur, most
 * common first, the list zxcvbn itself ships. The whole list (49,233) is refused: its top 10,000 let
 * "password1234" (rank 18,529) through (review r26a #9). Only its 17,950 passwords of 8 or more
 * characters are kept, as the length rule refuses the others first. Built at the first check, about
 * 2 MB. Server only: the client bundle does not carry the list.
 */
let common: ReadonlySet<string> | null = null;

/** Whether the password, case aside and trimmed, is among the common ones. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN));
  return common.has(password.trim().toLowerCase());
}

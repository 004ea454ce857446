import type { z } from "zod";

type RawIssue = z.core.$ZodRawIssue;

const NUMBER_ORIGINS = new Set(["number", "int", "bigint"]);

/**
 * The house's words for what a schema did not word itself (review r27-b #4): "At most 100
 * characters", "A whole number", as the fields that set their own message read, rather than zod's
 * "Too big: expected string to have <=100 characters" or "Invalid input: expected int, received
 * number". A schema's own message still wins; anything not covered here keeps zod's default.
 * Installed for the server by src/server/http/validate.ts (`z.config({ customError })`).
 */
export function houseMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case "too_big": {
      const n = Number(issue.maximum);
      if (issue.origin === "string") return `At most ${n} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `At most ${n} items`;
      if (NUMBER_ORIGINS.has(issue.origin))
        return issue.inclusive === false ? `Less than ${n}` : `At most ${n}`;
      return undefined;
    }
    case "too_small": {
      const n = Number(issue.minimum);
      if (issue.origin === "string") return n === 1 ? "Required" : `At least ${n} characters`;
      if (issue.origin === "array" || issue.origin === "set")
        return n === 1 ? "At least one item" : `At least ${n} items`;
      if (NUMBER_ORIGINS.has(issue.origin))
        return issue.inclusive === false ? `More than ${n}` : `At least ${n}`;
      return undefined;
    }
    case "invalid_type": {
      if (issue.input === undefined) return "Required";
      switch (issue.expected) {
        case "int":
          return "A whole number";
        case "number":
          return "A number";
        case "string":
          return "Text";
        case "boolean":
          return "true or false";
        case "object":
        case "record":
          // A record is a JSON object whose keys are free (a workflow's metadata).
          return "An object";
        case "array":
          return "A list";
        default:
          return undefined;
      }
    }
    case "invalid_value": {
      // An enum or literal: "One of dark, light, auto", as the schemas that word it themselves say
      // (`sort`, `by`), not "Invalid option: expected one of \"dark\"|…" (review r31-b #2). A missing
      // one (an enum sees undefined as a wrong value) is "Required", as any other missing field.
      if (issue.input === undefined) return "Required";
      const values = issue.values.map(String);
      return values.length === 1 ? `Only ${values[0]}` : `One of ${values.join(", ")}`;
    }
    default:
      return undefined;
  }
}

import type { MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { describeFieldErrors, type FieldError, HttpProblem } from "./problem.ts";

export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    // An unknown key is the field at fault itself, not the object that holds it.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: [...issue.path, key].join("."),
        message: issue.path.length ? `Unknown field in ${issue.path.join(".")}` : "Unknown field",
      }));
    }
    return [{ field: issue.path.length ? issue.path.join(".") : "(body)", message: issue.message }];
  });
}

function invalid(error: z.ZodError): HttpProblem {
  const errors = zodFieldErrors(error);
  return new HttpProblem(422, describeFieldErrors(errors), { errors });
}

/**
 * Validates a JSON body: wrong content type → 415, malformed JSON → 400,
 * well-formed but invalid → 422 naming each field at fault. Read it with `c.req.valid("json")`.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return validator("json", (value, c) => {
    // Hono parses the body only for a JSON content type (and answers malformed JSON with 400).
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
      throw new HttpProblem(415, "Send the body as application/json");
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data as z.output<T>;
  });
}

/**
 * Validates the query string (422 naming the parameter). Read it with `c.req.valid("query")`. An empty
 * value (`?yearFrom=&yearTo=`, as a form leaves a blank field) means the parameter is not set: coerced
 * to a number it would be 0, and a default would not apply. The key stays, so an unknown one is still
 * named by a strict schema.
 */
export function queryParams<T extends z.ZodType>(schema: T) {
  return validator("query", (value, _c) => {
    const params: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      params[key] = typeof v === "string" && v.trim() === "" ? undefined : v;
    const parsed = schema.safeParse(params);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data as z.output<T>;
  });
}

/** Validates path parameters (422 naming the parameter). Read it with `c.req.valid("param")`. */
export function pathParams<T extends z.ZodType>(schema: T) {
  return validator("param", (value, _c) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data as z.output<T>;
  });
}

export type { MiddlewareHandler };

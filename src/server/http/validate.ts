import type { MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { houseMessage } from "../../contracts/zod-messages.ts";
import { JSON_CONTENT_TYPE } from "./middleware.ts";
import { describeFieldErrors, type FieldError, HttpProblem } from "./problem.ts";

// Every schema's unworded faults in the house's words, not zod's (review r27-b #4).
z.config({ customError: houseMessage });

type Issue = z.ZodError["issues"][number];

function issueErrors(issue: Issue): FieldError[] {
  // An unknown key is the field at fault itself, not the object that holds it.
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      field: [...issue.path, key].join("."),
      message: issue.path.length ? `Unknown field in ${issue.path.join(".")}` : "Unknown field",
    }));
  }
  return [{ field: issue.path.length ? issue.path.join(".") : "(body)", message: issue.message }];
}

/**
 * One message per field: the first fault zod found (a type before a range), not every check that a
 * single wrong value fails ("limit: A whole number from 1 to 50; limit: At most 50", review r27-b #4).
 */
function firstPerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.field) && !!seen.add(e.field));
}

export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return firstPerField(error.issues.flatMap(issueErrors));
}

function invalid(error: z.ZodError): HttpProblem {
  const errors = zodFieldErrors(error);
  return new HttpProblem(422, describeFieldErrors(errors), { errors });
}

/**
 * Validates a JSON body: wrong content type → 415, bytes that are not UTF-8 or malformed JSON → 400,
 * well-formed but invalid → 422 naming each field at fault. Read it with `c.req.valid("json")`.
 * No body at all (a bare `fetch(url, { method: "POST" })`, with or without a JSON content type) is
 * read as `{}`, so the caller is told which fields are required rather than to change its media type
 * or that "" is malformed JSON (review r31-b #4); blank means what it means in `noBody`. A body sent
 * with another content type, or none, is still 415 (here as in `jsonWrites`, ADR 002).
 */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

export function jsonBody<T extends z.ZodType>(schema: T) {
  const check = (value: unknown): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data as z.output<T>;
  };
  // Hono parses the body only for a JSON content type (and answers malformed JSON with 400).
  const validate = validator("json", (value) => check(value));
  const handler: typeof validate = async (c, next) => {
    const type = c.req.header("content-type");
    const isJson = !!type && JSON_CONTENT_TYPE.test(type);
    if (type && !isJson) throw new HttpProblem(415, "Send the body as application/json");
    // Read once, as bytes; Hono's own parse below reads them again from its cache. Decoded strictly:
    // a lenient decode would store bytes that are not UTF-8 (a lone surrogate's ED A0 80) as U+FFFD,
    // where the JSON-escaped form is refused (review r32-a #3).
    let text: string;
    try {
      text = UTF8.decode(await c.req.arrayBuffer());
    } catch {
      throw new HttpProblem(400, "The request body is not valid UTF-8");
    }
    if (text.trim() === "") {
      c.req.addValidatedData("json", check({}) as object);
      await next();
      return;
    }
    if (!isJson) throw new HttpProblem(415, "Send the body as application/json");
    return validate(c, next);
  };
  return handler;
}

const EmptyBody = z.strictObject({}, { error: "This request takes no body: send none, or {}" });

/**
 * A write that takes no body (ending sessions, running an analysis, pausing a workflow, a DELETE):
 * none, or an empty JSON object (`{}`, as a client that always sends JSON sends it). Anything else is
 * answered as on every other write, malformed JSON 400 and a field 422 naming it as unknown, rather
 * than acted on as if it were not there (ADR 023). The content type is checked by `jsonWrites`.
 */
export const noBody = (): MiddlewareHandler => async (c, next) => {
  const text = await c.req.text();
  if (text.trim() !== "") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new HttpProblem(400, "Malformed JSON in request body");
    }
    const parsed = EmptyBody.safeParse(value);
    if (!parsed.success) throw invalid(parsed.error);
  }
  await next();
};

/**
 * The paging parameters (`page`, `pageSize`, `limit`). No form leaves them blank (the screens always
 * send a number), so a blank one is a broken link: it is named like `page=abc`, not read as page 1.
 */
const PAGING_PARAMS: ReadonlySet<string> = new Set(["page", "pageSize", "limit"]);

/**
 * Validates the query string (422 naming the parameter). Read it with `c.req.valid("query")`. An empty
 * value (`?yearFrom=&yearTo=`, as a form leaves a blank field) means the parameter is not set: coerced
 * to a number it would be 0, and a default would not apply; a paging parameter (PAGING_PARAMS) is the
 * exception, its blank value is refused. The key stays, so an unknown one is still
 * named by a strict schema. Every parameter of this API takes one value: one given twice
 * (`?page=1&page=2`) is named as such, not coerced into a NaN the schema would report. A required
 * parameter that is missing or blank reads "Required", not zod's "expected string, received undefined".
 */
export function queryParams<T extends z.ZodType>(schema: T) {
  return validator("query", (value, _c) => {
    const params: Record<string, unknown> = {};
    const repeated: FieldError[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (Array.isArray(v)) repeated.push({ field: key, message: `Give ${key} once` });
      params[key] = typeof v === "string" && v.trim() === "" && !PAGING_PARAMS.has(key) ? undefined : v;
    }
    if (repeated.length) throw new HttpProblem(422, describeFieldErrors(repeated), { errors: repeated });
    const parsed = schema.safeParse(params);
    if (!parsed.success) {
      const errors = firstPerField(
        parsed.error.issues.flatMap((issue) =>
          issue.code === "invalid_type" &&
          issue.path.length === 1 &&
          params[String(issue.path[0])] === undefined
            ? [{ field: String(issue.path[0]), message: "Required" }]
            : issueErrors(issue),
        ),
      );
      throw new HttpProblem(422, describeFieldErrors(errors), { errors });
    }
    return parsed.data as z.output<T>;
  });
}

/** A route that takes no query parameters: any one given is named as unknown (a typo is not ignored). */
export const noQueryParams = () => queryParams(z.object({}).strict());

/** Validates path parameters (422 naming the parameter). Read it with `c.req.valid("param")`. */
export function pathParams<T extends z.ZodType>(schema: T) {
  return validator("param", (value, _c) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data as z.output<T>;
  });
}

export type { MiddlewareHandler };

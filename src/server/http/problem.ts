import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** RFC 9457 problem details: the one error shape of the API (ARCHITECTURE "One error shape"). */
export interface FieldError {
  field: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: FieldError[];
  /** How many more field errors there were than `errors` lists. */
  errorsNotListed?: number;
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  426: "Upgrade Required",
  431: "Request Header Fields Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/**
 * Field errors listed in one answer at most: a body with 60,000 unknown keys got a 4 MB answer
 * listing each twice. The rest are counted in `errorsNotListed` (an RFC 9457 extension member).
 */
export const MAX_LISTED_ERRORS = 20;

/** "a: x; b: y" for the first MAX_LISTED_ERRORS errors, then "; and N more". */
export function describeFieldErrors(errors: FieldError[]): string {
  const listed = errors
    .slice(0, MAX_LISTED_ERRORS)
    .map((e) => `${e.field}: ${e.message}`)
    .join("; ");
  const more = errors.length - MAX_LISTED_ERRORS;
  return more > 0 ? `${listed}; and ${more} more` : listed;
}

/** Throw from anywhere in a request: the app's error handler answers it as problem JSON. */
export class HttpProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly title: string;
  readonly errors: FieldError[] | undefined;
  readonly errorsNotListed: number;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    detail?: string,
    options: { title?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? options.title ?? TITLES[status] ?? "Error");
    this.status = status;
    this.title = options.title ?? TITLES[status] ?? "Error";
    this.errors = options.errors?.slice(0, MAX_LISTED_ERRORS);
    this.errorsNotListed = Math.max(0, (options.errors?.length ?? 0) - MAX_LISTED_ERRORS);
    this.headers = options.headers;
  }

  body(): ProblemBody {
    return {
      type: "about:blank",
      title: this.title,
      status: this.status,
      ...(this.message && this.message !== this.title ? { detail: this.message } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.errorsNotListed ? { errorsNotListed: this.errorsNotListed } : {}),
    };
  }
}

export function problemResponse(c: Context, p: HttpProblem): Response {
  const res = c.json(p.body(), p.status, p.headers);
  res.headers.set("Content-Type", "application/problem+json");
  return res;
}

/** 422 with one field at fault. */
export function invalidField(field: string, message: string): HttpProblem {
  return new HttpProblem(422, `${field}: ${message}`, { errors: [{ field, message }] });
}

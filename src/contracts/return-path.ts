/**
 * Where to go after signing in: a screen of this site the visitor asked for (`/dashboard` while
 * signed out). Only a same-site path is accepted, never a full address or a protocol-relative
 * `//host` one (an open redirect), nor an API path (a person would land on JSON).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 512) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters and backslashes have no place in our paths and confuse some URL parsers.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || value[i] === "\\") return null;
  }
  if (value === "/" || value === "/api" || value.startsWith("/api/") || value.startsWith("/ws")) return null;
  return value;
}

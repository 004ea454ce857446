/** Compact figures for cards: 1.2K, 3.4M. */
export function compactNumber(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return "–";
  return new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/**
 * Players as every screen shows them (docs/decisions/040): whole players, in the compact notation from
 * a thousand on (583.24 → "583", 33,403.95 → "33.4K"). A SteamCharts monthly average carries hundredths
 * no one counts; rounding first keeps a figure the same on the cards, the game page, Compare and the
 * charts. Exports keep the source's own value.
 */
export function formatPlayers(value: number | null | undefined): string {
  return compactNumber(value == null || !Number.isFinite(value) ? value : Math.round(value));
}

export function formatPrice(value: number | null | undefined): string {
  if (value == null) return "–";
  if (value === 0) return "Free";
  return new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(value);
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return "–";
  return `${value >= 0 ? "+" : ""}${value.toFixed(digits)}%`;
}

/** Billions of USD with one decimal: $184.4B. */
export function formatBillions(value: number): string {
  return `$${value.toFixed(1)}B`;
}

/** A count with its noun: "1 user", "3 users", "1,234 games" (never "1 games"). */
export function plural(
  count: number,
  noun: string,
  format: (n: number) => string = (n) => n.toLocaleString("en-US"),
): string {
  return `${format(count)} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * A count with a unit given in the plural ("games", "free games", "data points", "repositories"):
 * the singular for one ("1 free game", "1 repository"), never "1 games".
 */
export function countWithUnit(
  count: number,
  unit: string,
  format: (n: number) => string = (n) => n.toLocaleString("en-US"),
): string {
  // "records (games, platforms, companies)": the noun before the note is the one counted.
  const [noun = unit, note] = unit.split(/(?= \()/);
  const one = noun.endsWith("ies") ? `${noun.slice(0, -3)}y` : noun.replace(/s$/, "");
  const singular = one + (note ?? "");
  return `${format(count)} ${count === 1 ? singular : unit}`;
}

/** A size in bytes as MiB to one decimal ("110.1 MiB"): a backup's, in its list and in the audit log alike. */
export function formatMebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * The number check (issue 12): every number the language model writes must be one of the facts it
 * was given. A sentence carrying any other number is dropped, and the drop is recorded with the
 * result so that it can be inspected later.
 */
export interface Drop {
  field: string;
  sentence: string;
  unknown: string[];
}

const NUMBER = /(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(%|k\b|K\b|m\b|M\b|bn\b|B\b|million\b|thousand\b|billion\b)?/g;

const SCALE: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  thousand: 1e3,
  m: 1e6,
  M: 1e6,
  million: 1e6,
  bn: 1e9,
  B: 1e9,
  billion: 1e9,
};

interface Written {
  raw: string;
  value: number;
  /** Half a unit of the last digit written: how far a rounded fact may be from it. */
  tolerance: number;
}

export function numbersIn(text: string): Written[] {
  const out: Written[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const digits = m[1]!.replaceAll(",", "");
    const scale = SCALE[m[2] ?? ""] ?? 1;
    const decimals = digits.includes(".") ? digits.split(".")[1]!.length : 0;
    out.push({
      raw: m[0].trim(),
      value: Number(digits) * scale,
      tolerance: 0.5 * 10 ** -decimals * scale,
    });
  }
  return out;
}

/** Every number in a facts object: its numeric values and the digits inside its strings (names such as "Left 4 Dead 2"). */
export function factNumbers(facts: unknown): number[] {
  const out: number[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "number" && Number.isFinite(v)) out.push(Math.abs(v));
    else if (typeof v === "string") for (const n of numbersIn(v)) out.push(n.value);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(facts);
  return out;
}

export class Grounding {
  readonly dropped: Drop[] = [];
  checked = 0;
  private readonly allowed: number[];

  constructor(facts: unknown) {
    this.allowed = factNumbers(facts);
  }

  private known(n: Written): boolean {
    // A fact written rounded to the digits shown ("42.3%" for 42.31, "1.2M" for 1,234,567).
    return this.allowed.some((f) => Math.abs(f - n.value) <= n.tolerance + 1e-9);
  }

  /** The text without its sentences that carry an unknown number; "" if none is left. */
  text(field: string, text: string): string {
    const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/);
    const kept: string[] = [];
    for (const sentence of sentences) {
      const written = numbersIn(sentence);
      this.checked += written.length;
      const unknown = written.filter((n) => !this.known(n)).map((n) => n.raw);
      if (unknown.length) this.dropped.push({ field, sentence, unknown });
      else kept.push(sentence);
    }
    return kept.join(" ").trim();
  }

  /** A list of short texts: each one keeps only its grounded sentences; empty ones go. */
  list(field: string, items: string[]): string[] {
    return items.map((item, i) => this.text(`${field}[${i}]`, item)).filter(Boolean);
  }
}

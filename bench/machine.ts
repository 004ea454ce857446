import { cpus, totalmem } from "node:os";

/** One line describing the machine a bench ran on, printed under each table. */
export function machineLine(): string {
  const cpu = cpus();
  return `machine: ${cpu.length} cores (${cpu[0]?.model ?? "unknown"}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Bun ${Bun.version}, ${process.platform}/${process.arch}`;
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}\n`);
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((v, i) => v.padEnd(width[i]!)).join(" | ")} |`;
  console.log(line(cols));
  console.log(`|${width.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(cols.map((c) => String(r[c]))));
  console.log(`\n${machineLine()}`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

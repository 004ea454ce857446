import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { relative } from "node:path";

/** One line describing the machine a bench ran on (and how busy it was), printed under each table. */
export function machineLine(): string {
  const cpu = cpus();
  const load = loadavg().map((l) => l.toFixed(2));
  return `machine: ${cpu.length} cores (${cpu[0]?.model ?? "unknown"}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Bun ${Bun.version}, ${process.platform}/${process.arch}, load average ${load.join(" ")}`;
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
  recordBenchmark(title, rows);
}

const LOG = "BENCHMARKS.md";
const LOG_HEADER = `# Benchmarks

One line per table a bench printed (\`bun run bench\` runs them all; \`bun bench/<name>.bench.ts\` one):
when, the command, the table's title, every row with its figures — the baselines (the health floor,
Node \`ws\`, the previous implementation) are rows of the same run — and the machine. Figures from
different machines or loads are not comparable; ratios within one line are.
`;

/** The command that reproduces this run, as typed in the repository folder. */
export function benchCommand(): string {
  return ["bun", relative(process.cwd(), process.argv[1] ?? ""), ...process.argv.slice(2)].join(" ");
}

/** Appends one line for this table to BENCHMARKS.md (created with its header when missing). */
export function recordBenchmark(title: string, rows: Array<Record<string, string | number>>): void {
  if (!existsSync(LOG)) writeFileSync(LOG, `${LOG_HEADER}\n`);
  const cells = rows.map((r) =>
    Object.entries(r)
      .map(([k, v]) => `${k} ${v}`)
      .join(", "),
  );
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  appendFileSync(
    LOG,
    `- ${when} UTC · \`${benchCommand()}\` · **${title}** · ${cells.join(" · ")} · ${machineLine()}\n`,
  );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

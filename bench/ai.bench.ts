/**
 * The AI analyst against a local OpenAI-compatible server (tests/fixtures/recorded/llm-server.ts,
 * answering at once): per analysis, the total time the API takes and the tokens the answer reports;
 * per chat question, the time to the first streamed words and to the stored answer. The model
 * answers instantly, so the figures are the product's own cost around a model call (facts, prompt,
 * validation, number check, storage); a real model adds its own time on top. Without a model
 * configured the same analyses are timed as the baseline. Run: `bun bench/ai.bench.ts`.
 */
import { startFakeLlm } from "../tests/fixtures/recorded/llm-server.ts";
import { printTable } from "./machine.ts";
import { startBenchServer } from "./server-process.ts";

const RUNS = 5;
const ANALYSES = ["analyze-games", "market-insights", "recommendations", "trending-analysis"] as const;
const EMAIL = "bench-ai@example.com";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email: EMAIL, password: "bench-password-123" }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`signup failed: ${res.status}`);
  // An admin (ADMIN_EMAILS) may lift the tier's requests per minute for the run.
  const limits = await fetch(`${url}/api/ai/limits/enterprise`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: url, Cookie: cookie },
    body: JSON.stringify({ monthlyTokens: 100_000_000, requestsPerMinute: 10_000 }),
  });
  if (!limits.ok) throw new Error(`limits: ${limits.status}`);
  return cookie;
}

async function timeAnalyses(url: string, cookie: string, label: string) {
  const rows: Array<Record<string, string | number>> = [];
  for (const analysis of ANALYSES) {
    const times: number[] = [];
    const server: number[] = [];
    let tokens = 0;
    let model = "";
    for (let i = 0; i < RUNS + 1; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/api/ai/${analysis}`, {
        method: "POST",
        headers: { Origin: url, Cookie: cookie },
      });
      const body = (await res.json()) as {
        metadata: { processingTime: number; tokens: { total: number }; modelUsed: string };
      };
      if (!res.ok) throw new Error(`${analysis}: ${res.status}`);
      if (i === 0) continue; // warm-up
      times.push(performance.now() - started);
      server.push(body.metadata.processingTime);
      tokens = body.metadata.tokens.total;
      model = body.metadata.modelUsed;
    }
    rows.push({
      setup: label,
      analysis,
      "median total ms": median(times).toFixed(1),
      "median processingTime ms": median(server),
      "tokens per analysis": tokens,
      model,
    });
  }
  return rows;
}

const llm = await startFakeLlm();
const withModel = await startBenchServer({
  DEMO_DATA: "on",
  ADMIN_EMAILS: EMAIL,
  AI_BASE_URL: llm.base,
  AI_MODEL: "llama3.1:8b",
  AI_PROVIDER_NAME: "local test server",
});
const rows: Array<Record<string, string | number>> = [];
const chatRows: Array<Record<string, string | number>> = [];
try {
  const cookie = await signIn(withModel.url);
  rows.push(...(await timeAnalyses(withModel.url, cookie, "language model")));

  // Chat: one tool call (search_games), then a streamed answer in three pieces.
  const firstWords: number[] = [];
  const totals: number[] = [];
  let tokens = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "search_games", arguments: { query: "cosmic" } }] },
      { kind: "stream", nameFirstGame: true },
    );
    const started = performance.now();
    const res = await fetch(`${withModel.url}/api/ai/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: withModel.url, Cookie: cookie },
      body: JSON.stringify({ message: "Is there a game about cosmic things?" }),
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    let first: number | null = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (value) {
        text += value;
        if (first == null && text.includes("event: delta")) first = performance.now() - started;
      }
      if (done) break;
    }
    const done = JSON.parse(text.split("event: done\ndata: ")[1]!.split("\n")[0]!) as {
      message: { tokens: { total: number } };
    };
    if (i === 0) continue;
    firstWords.push(first ?? Number.NaN);
    totals.push(performance.now() - started);
    tokens = done.message.tokens.total;
  }
  chatRows.push({
    question: "one tool call, then a streamed answer",
    "median first words ms": median(firstWords).toFixed(1),
    "median total ms": median(totals).toFixed(1),
    "tokens per answer": tokens,
  });
} finally {
  await withModel.stop();
}

const statistics = await startBenchServer({ DEMO_DATA: "on", ADMIN_EMAILS: EMAIL });
try {
  const cookie = await signIn(statistics.url);
  rows.push(...(await timeAnalyses(statistics.url, cookie, "statistics only (baseline)")));
} finally {
  await statistics.stop();
  await llm.stop();
}

printTable(`AI analyses against a local OpenAI-compatible server (median of ${RUNS} after a warm-up)`, rows);
printTable(`Ask the analyst: streamed chat (median of ${RUNS} after a warm-up)`, chatRows);

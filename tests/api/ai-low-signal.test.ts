import { beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";
import { socketServerForFile } from "../helpers/socket-server.ts";

// Report r12-a #1: a low-signal estimate has no single figure (its game page shows only the P10–P90
// range), so the analyst is given its range and the flag, never its P50: "X has an estimated 3,340
// owners" is dropped by the number check and cites nothing; the range is kept and cited.
socketServerForFile();
const llm = withFakeLlm();
let premium: TestUser;
let quiet: string;
let owners: { low: number; mid: number; high: number };
let gross: { low: number; mid: number; high: number };

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    [{ name: "Quiet Slope VR", steamAppId: 991_201, price: 9.99, positiveReviews: 5, negativeReviews: 2 }],
    "test",
  );
  quiet = ids[0]!;
  await recomputeEstimates();
  const estimate = (await (
    await request(`/api/games/${encodeURIComponent(quiet)}/estimates`, { cookie: premium.cookie })
  ).json()) as {
    lowSignal: boolean;
    owners: typeof owners;
    revenue: { gross: typeof gross };
  };
  expect(estimate.lowSignal).toBe(true);
  owners = estimate.owners;
  gross = estimate.revenue.gross;
});

const ask = (message: string) => chatAnswer(message, premium.cookie);

const n = (x: number) => Math.round(x).toLocaleString("en");

test("a low-signal game's facts carry its ranges and the flag, no P50; a P50 written as its figure is dropped", async () => {
  // The estimate has a P50 distinct from its ends, so the check below tells them apart.
  expect(Math.round(owners.mid)).not.toBe(Math.round(owners.low));
  expect(Math.round(owners.mid)).not.toBe(Math.round(owners.high));
  llm.queue.push(
    { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: quiet } }] },
    {
      kind: "stream",
      text: [
        `Quiet Slope VR has an estimated ${n(owners.mid)} owners. `,
        `Its gross revenue is about $${n(gross.mid)}. `,
        `Quiet Slope VR owners are estimated at ${n(owners.low)} to ${n(owners.high)}, too few reviews for one figure.`,
      ],
    },
  );
  const answer = await ask("How many owners does Quiet Slope VR have?");
  const tool = llm.requests[1]!.body.messages.findLast((m: { role: string }) => m.role === "tool");
  const facts = JSON.parse(tool.content) as { estimates: Record<string, unknown> };
  expect(facts.estimates).toMatchObject({
    lowSignal: true,
    owners: { low: Math.round(owners.low), high: Math.round(owners.high) },
    grossRevenueUsd: { low: Math.round(gross.low), high: Math.round(gross.high) },
  });
  expect(facts.estimates.owners).not.toHaveProperty("mid");
  expect(facts.estimates.grossRevenueUsd).not.toHaveProperty("mid");
  expect(String(facts.estimates.lowSignalNote)).toMatch(/no.*single figure|for a single figure/);
  // The system prompt says a low-signal estimate is written as its range.
  expect(llm.requests[0]!.body.messages[0].content).toMatch(/lowSignal true has no single figure/);

  expect(answer.content).toBe(
    `Quiet Slope VR owners are estimated at ${n(owners.low)} to ${n(owners.high)}, too few reviews for one figure.`,
  );
  expect(answer.numberCheck?.dropped.map((d) => d.unknown)).toEqual([[n(owners.mid)], [`$${n(gross.mid)}`]]);
  const figures = answer.citations.flatMap((c) => c.figures);
  expect(figures).toEqual(
    expect.arrayContaining([
      { label: "estimates.owners.low", value: Math.round(owners.low) },
      { label: "estimates.owners.high", value: Math.round(owners.high) },
    ]),
  );
  expect(figures.some((f) => f.label.endsWith(".mid"))).toBe(false);
});

// Outside test r14 D1: the range the prompt asks for, written as an analyst writes it, is kept: the
// low end keeps its own digits ("between 97,700 and 1.46 million"), and a low end with its own unit
// ("97.7K to 1.46M") still makes a range.
test("a low-signal range is kept however its ends are written", async () => {
  const compact = (x: number) => (x >= 1e6 ? `${(x / 1e6).toPrecision(3)}M` : `${(x / 1e3).toPrecision(3)}K`);
  const sentences = [
    `Quiet Slope VR has between ${n(owners.low)} and ${(owners.high / 1e6).toPrecision(3)} million owners. `,
    `Quiet Slope VR has an estimated ${compact(owners.low)} to ${compact(owners.high)} owners. `,
    `Its gross revenue is likely $${compact(gross.low)}–$${compact(gross.high)}.`,
  ];
  llm.queue.push(
    { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: quiet } }] },
    { kind: "stream", text: sentences },
  );
  const answer = await ask("How many owners does Quiet Slope VR have?");
  expect(answer.numberCheck?.dropped ?? []).toEqual([]);
  expect(answer.content).toBe(sentences.join(""));
});

import { and, eq, gte, sql } from "drizzle-orm";
import type { Tier } from "../../contracts/roles.ts";
import { TIERS } from "../../contracts/roles.ts";
import { recordAudit } from "../accounts/audit.ts";
import { db } from "../db/client.ts";
import { aiAnalyses, aiConversations, aiMessages, aiTierLimits } from "../db/schema/index.ts";
import { HttpProblem } from "../http/problem.ts";

/**
 * The AI analyst's limits per tier (issue 12): requests per minute per user (a 429 with
 * Retry-After beyond), and language-model tokens per user per calendar month (beyond it the
 * statistics answer, with a note). Admins change them (PUT /api/ai/limits/:tier, from the Admin Settings tab, audited).
 */
export interface TierLimits {
  tier: Tier;
  monthlyTokens: number;
  requestsPerMinute: number;
  /** "default" until an admin sets them. */
  setBy: "default" | "admin";
  updatedAt: string | null;
}

export const DEFAULT_LIMITS: Record<Tier, { monthlyTokens: number; requestsPerMinute: number }> = {
  // Starter (Regular) has no AI access at all (premium screens); the row exists for completeness.
  starter: { monthlyTokens: 0, requestsPerMinute: 0 },
  professional: { monthlyTokens: 500_000, requestsPerMinute: 10 },
  enterprise: { monthlyTokens: 2_000_000, requestsPerMinute: 30 },
};

export async function listTierLimits(): Promise<TierLimits[]> {
  const rows = await db().select().from(aiTierLimits);
  const byTier = new Map(rows.map((r) => [r.tier, r]));
  return TIERS.map((tier) => {
    const row = byTier.get(tier);
    return row
      ? {
          tier,
          monthlyTokens: row.monthlyTokens,
          requestsPerMinute: row.requestsPerMinute,
          setBy: "admin" as const,
          updatedAt: row.updatedAt.toISOString(),
        }
      : { tier, ...DEFAULT_LIMITS[tier], setBy: "default" as const, updatedAt: null };
  });
}

async function limitsOf(tier: Tier): Promise<TierLimits> {
  return (await listTierLimits()).find((l) => l.tier === tier)!;
}

/**
 * Stores a tier's limits and audits the change. Limits the same as those in force are neither stored
 * nor audited (review r25 #9): `changed: false`, and the tier's "set" time stays when it was.
 */
export async function setTierLimits(
  actorId: string,
  tier: Tier,
  limits: { monthlyTokens: number; requestsPerMinute: number },
): Promise<TierLimits & { changed: boolean }> {
  const before = await limitsOf(tier);
  if (before.monthlyTokens === limits.monthlyTokens && before.requestsPerMinute === limits.requestsPerMinute)
    return { ...before, changed: false };
  const updatedAt = new Date();
  await db()
    .insert(aiTierLimits)
    .values({ tier, ...limits, updatedAt })
    .onConflictDoUpdate({ target: aiTierLimits.tier, set: { ...limits, updatedAt } });
  await recordAudit({
    actorId,
    action: "ai.limits_changed",
    targetId: tier,
    detail: {
      before: { monthlyTokens: before.monthlyTokens, requestsPerMinute: before.requestsPerMinute },
      after: limits,
    },
  });
  return { ...(await limitsOf(tier)), changed: true };
}

/**
 * Request times per user in the last minute, in memory: each server process counts its own requests
 * (the tier limits themselves are read from the database, so every process applies the same ones).
 */
const recent = new Map<string, number[]>();

/** Counts one AI request for the user; a 429 with Retry-After when the tier's minute is full. */
export async function takeRequest(userId: string, tier: Tier, now = Date.now()): Promise<void> {
  const { requestsPerMinute } = await limitsOf(tier);
  // A limit of 0 is the AI turned off for the plan: no wait makes room (it was a 429 asking to try
  // again in "NaN s").
  if (requestsPerMinute === 0) {
    throw new HttpProblem(
      403,
      "The AI analyst is turned off for your plan (0 AI requests a minute); an admin can change it under Admin → Settings → AI limits.",
    );
  }
  const times = (recent.get(userId) ?? []).filter((t) => t > now - 60_000);
  if (times.length >= requestsPerMinute) {
    const retryAfter = Math.max(1, Math.ceil((times[0]! + 60_000 - now) / 1000));
    recent.set(userId, times);
    throw new HttpProblem(
      429,
      `Your plan allows ${requestsPerMinute} AI ${requestsPerMinute === 1 ? "request" : "requests"} a minute; try again in ${retryAfter} s.`,
      { headers: { "Retry-After": String(retryAfter) } },
    );
  }
  times.push(now);
  recent.set(userId, times);
}

/** Tests only: forget the request times. */
export function resetRequestCountsForTests(): void {
  recent.clear();
}

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Language-model tokens the user used this calendar month (UTC), analyses and chat together. */
export async function tokensThisMonth(userId: string, now = new Date()): Promise<number> {
  const since = monthStart(now);
  const [analyses] = await db()
    .select({ n: sql<number>`coalesce(sum(${aiAnalyses.inputTokens} + ${aiAnalyses.outputTokens}), 0)` })
    .from(aiAnalyses)
    .where(and(eq(aiAnalyses.userId, userId), gte(aiAnalyses.createdAt, since)));
  const [chat] = await db()
    .select({ n: sql<number>`coalesce(sum(${aiMessages.inputTokens} + ${aiMessages.outputTokens}), 0)` })
    .from(aiMessages)
    .innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId))
    .where(and(eq(aiConversations.userId, userId), gte(aiMessages.createdAt, since)));
  return Number(analyses?.n ?? 0) + Number(chat?.n ?? 0);
}

export interface Budget {
  allowed: boolean;
  /** Why the model is not asked (for the note), null when it is. */
  reason: string | null;
  used: number;
  limit: number;
}

export async function tokenBudget(userId: string, tier: Tier): Promise<Budget> {
  const [{ monthlyTokens }, used] = await Promise.all([limitsOf(tier), tokensThisMonth(userId)]);
  const allowed = used < monthlyTokens;
  return {
    allowed,
    reason: allowed
      ? null
      : `Your plan's monthly budget of ${monthlyTokens.toLocaleString("en")} language-model tokens is used up (${used.toLocaleString("en")} this month): this answer comes from the statistics alone.`,
    used,
    limit: monthlyTokens,
  };
}

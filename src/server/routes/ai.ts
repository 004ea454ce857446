import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { AiBacktest, ChatModel } from "../../contracts/ai.ts";
import {
  BIDI_CONTROLS,
  BIDI_CONTROLS_MESSAGE,
  CONTROL_CHARACTERS_BUT_LINES,
  isBlankText,
  LONE_SURROGATE,
  LONE_SURROGATE_MESSAGE,
} from "../../contracts/auth.ts";
import { TIERS } from "../../contracts/roles.ts";
import latestBacktest from "../ai/backtest-latest.json" with { type: "json" };
import { askAnalyst, chatModelUsed, getConversation, listConversations } from "../ai/chat.ts";
import { listTierLimits, setTierLimits, takeRequest, tokenBudget } from "../ai/limits.ts";
import {
  aiHistory,
  aiHistoryEntry,
  analyzeGames,
  analyzeMarket,
  analyzeTrending,
  recommendGames,
} from "../ai/service.ts";
import { requireAdmin, requirePremium, requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { jsonBody, noBody, noQueryParams, pathParams } from "../http/validate.ts";
import { log } from "../log.ts";

const ChatBodySchema = z
  .object({
    message: z
      .string()
      .trim()
      // Empty, or invisible characters only ("\u200b\u200b"): blank, as in profile names (review s9 #2).
      .refine((v) => !isBlankText(v), { message: "Ask a question" })
      .max(2000, { message: "At most 2000 characters" })
      // A NUL was stored whole and read back cut at it; line breaks and tabs are kept.
      .refine((v) => !CONTROL_CHARACTERS_BUT_LINES.test(v), {
        message: "Must not contain control characters",
      })
      // The first question is the conversation's title: U+202E there showed it, and what followed it,
      // reversed (review r20-b #8). Refused as in profile names.
      .refine((v) => !BIDI_CONTROLS.test(v), { message: BIDI_CONTROLS_MESSAGE })
      // Half a surrogate pair was stored as U+FFFD: refused as in profile names (review r31-b #3).
      .refine((v) => !LONE_SURROGATE.test(v), { message: LONE_SURROGATE_MESSAGE }),
    conversationId: z.string().min(1).max(100).optional(),
  })
  .strict();

/** A whole number from 0 to `max`; every way of missing says the range. */
const wholeNumber = (what: string, max: number) => {
  const message = `A whole number of ${what} from 0 to ${max.toLocaleString("en")}`;
  return z.number({ message }).int({ message }).min(0, { message }).max(max, { message });
};

const LimitsBodySchema = z
  .object({
    monthlyTokens: wholeNumber("tokens", 1_000_000_000),
    requestsPerMinute: wholeNumber("requests", 10_000),
  })
  .strict();

/** An analysis's or conversation's id, checked as every other id in a path is (review r27-b #4). */
const IdParam = z.object({ id: z.string().min(1).max(100) });

const TierParam = z.object({ tier: z.enum(TIERS, { message: `One of ${TIERS.join(", ")}` }) });

/** How often the chat's stream writes a keep-alive comment while no event is due. */
let chatKeepAliveMs = 5_000;

/** Tests shorten the keep-alive interval so that a model silent for a moment shows it. */
export function setChatKeepAliveForTests(ms: number): void {
  chatKeepAliveMs = ms;
}

/**
 * `/api/ai`: premium (spec §6: AI Analytics is a premium screen; enforced here too). The analyses
 * take no body (none, or `{}` as the screen sends): each works from the user's watchlist, settings
 * and the catalog.
 */
export const aiRoutes = new Hono<AppEnv>()
  .post("/analyze-games", requirePremium, noBody(), async (c) => c.json(await analyzeGames(c.get("user"))))
  .post("/market-insights", requirePremium, noBody(), async (c) => c.json(await analyzeMarket(c.get("user"))))
  .post("/recommendations", requirePremium, noBody(), async (c) =>
    c.json(await recommendGames(c.get("user"))),
  )
  .post("/trending-analysis", requirePremium, noBody(), async (c) =>
    c.json(await analyzeTrending(c.get("user"))),
  )
  .get("/analytics", requirePremium, noQueryParams(), async (c) => c.json(await aiHistory(c.get("user").id)))
  .get("/analytics/:id", requirePremium, pathParams(IdParam), noQueryParams(), async (c) => {
    const entry = await aiHistoryEntry(c.get("user").id, c.req.valid("param").id);
    if (!entry) throw new HttpProblem(404, "No analysis of yours has this id.");
    return c.json(entry);
  })
  .get("/conversations", requirePremium, noQueryParams(), async (c) =>
    c.json(await listConversations(c.get("user").id)),
  )
  .get("/conversations/:id", requirePremium, pathParams(IdParam), noQueryParams(), async (c) => {
    const conversation = await getConversation(c.get("user").id, c.req.valid("param").id);
    if (!conversation) throw new HttpProblem(404, "No conversation of yours has this id.");
    return c.json(conversation);
  })
  // What would answer a question asked now: the screen says it, and suggests questions it answers.
  .get("/chat/model", requirePremium, noQueryParams(), async (c) => {
    const user = c.get("user");
    const budget = await tokenBudget(user.id, user.subscriptionTier);
    return c.json({ modelUsed: chatModelUsed(budget.allowed) } satisfies ChatModel);
  })
  // Server-sent events over the POST's response: `start`, `tool`, `delta`... then `done`.
  .post("/chat", requirePremium, jsonBody(ChatBodySchema), async (c) => {
    const user = c.get("user");
    await takeRequest(user.id, user.subscriptionTier);
    const budget = await tokenBudget(user.id, user.subscriptionTier);
    const events = askAnalyst(user.id, c.req.valid("json"), budget);
    // The first event (after the conversation is found or made) decides between a stream and a 404.
    const first = await events.next();
    return streamSSE(c, async (stream) => {
      // Writes go out in order without holding the answer up: a reader that is slow or gone does
      // not stop the answer from being made and stored (writes to a closed stream are dropped).
      let writing = Promise.resolve();
      const send = (chunk: string) => {
        writing = writing.then(() => stream.write(chunk)).then(() => {});
      };
      const sendEvent = (event: { type: string; [field: string]: unknown }) =>
        send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      // While the model thinks or tools run nothing else is written: a comment line every few
      // seconds keeps the connection from looking idle to the server and to proxies on the way.
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), chatKeepAliveMs);
      try {
        if (!first.done) sendEvent(first.value);
        for await (const event of events) sendEvent(event);
      } catch (error) {
        log.error("ai chat failed", { requestId: c.get("requestId"), error: String(error) });
        sendEvent({ type: "error", message: "The answer could not be completed. Please ask again." });
      } finally {
        clearInterval(keepAlive);
      }
      await writing;
    });
  })
  // The committed back-test of the market prediction (`bun run ai:backtest`), for the methodology.
  .get("/backtest", requireUser, noQueryParams(), (c) => c.json(latestBacktest as AiBacktest))
  .get("/limits", requireAdmin, noQueryParams(), async (c) => c.json(await listTierLimits()))
  .put("/limits/:tier", requireAdmin, pathParams(TierParam), jsonBody(LimitsBodySchema), async (c) => {
    const actor = c.get("user");
    const { tier } = c.req.valid("param");
    const updated = await setTierLimits(actor.id, tier, c.req.valid("json"));
    log.info("ai limits changed", { requestId: c.get("requestId"), actorId: actor.id, tier });
    return c.json(updated);
  });

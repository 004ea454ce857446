import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquarePlus, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { ChatEvent, ChatMessage } from "../../../contracts/ai.ts";
import { isBlankText } from "../../../contracts/auth.ts";
import { Alert, AlertDescription } from "../../../ui/alert/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card } from "../../../ui/card/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { Input } from "../../../ui/input/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { apiStream, errorMessage } from "../../api.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { chatModelQuery, conversationQuery, conversationsQuery } from "../../queries/ai.ts";
import { useUrlParam } from "../../url-state.ts";
import { askEmptyText, modelText } from "./ai-text.ts";
import { citedFigureText, noSourcesText } from "./citation-labels.ts";

/** An answer: its text, the games it cited (links to their pages, with the figures quoted), and how it was made. */
function Answer({ message }: { message: ChatMessage }) {
  return (
    // Focusable from code only: a new answer takes the focus (review r25, item 2).
    <div
      className="grid gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      data-testid="chat-answer"
      data-message={message.id}
      tabIndex={-1}
    >
      {message.note && (
        <Alert data-testid="chat-note">
          <AlertDescription>{message.note}</AlertDescription>
        </Alert>
      )}
      <p className="whitespace-pre-wrap">{message.content}</p>
      {message.citations.length > 0 && (
        <div className="grid gap-1 text-xs">
          <p className="text-muted-foreground">Sources in our data:</p>
          <ul className="flex flex-wrap gap-2" aria-label="Cited games">
            {message.citations.map((c) => (
              <li key={c.gameId}>
                <Link href={`/games/${c.gameId}`} className="underline" data-testid="chat-citation">
                  {c.name}
                </Link>
                {c.figures.length > 0 && (
                  <span className="text-muted-foreground">
                    {" "}
                    ({c.figures.map(citedFigureText).join(", ")})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* What data the answer used and its time (issue 9 §3); answers stored before this carry none. */}
      {message.sources.length ? (
        <CatalogSourceNote provenance={message.sources} />
      ) : (
        <p className="text-muted-foreground text-xs" data-testid="chat-no-sources">
          {noSourcesText(message)}
        </p>
      )}
      <p className="flex flex-wrap gap-x-3 text-muted-foreground text-xs" data-testid="chat-meta">
        {message.modelUsed && <span data-testid="chat-model">{modelText(message.modelUsed)}</span>}
        {message.toolCalls.length > 0 && (
          <span>Looked up: {message.toolCalls.map((t) => t.name).join(", ")}</span>
        )}
        {message.timeToFirstToken != null && <span>First words after {message.timeToFirstToken} ms</span>}
        {message.processingTime != null && <span>Answered in {message.processingTime} ms</span>}
        {message.tokens.total > 0 && <span>{message.tokens.total.toLocaleString("en")} tokens</span>}
      </p>
    </div>
  );
}

interface Pending {
  question: string;
  text: string;
  tools: string[];
}

/**
 * "Ask the analyst" (issue 12): questions answered from our own data, streamed, conversations kept per
 * user. The open conversation is in the address (`?conversation=<id>`), so a reload or a shared link
 * shows it again (issue 10).
 */
export function AskAnalyst() {
  const queryClient = useQueryClient();
  const conversations = useQuery(conversationsQuery);
  const [conversationParam, setConversationParam] = useUrlParam("conversation");
  const selected = conversationParam || null;
  const setSelected = (id: string | null, options?: { replace?: boolean }) =>
    setConversationParam(id ?? "", options);
  const conversation = useQuery({ ...conversationQuery(selected ?? ""), enabled: selected != null });
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  // An answer asked for and not yet on the screen: the id of the message that was last before it.
  const awaited = useRef<{ after: string | undefined } | null>(null);

  /**
   * Where the focus goes once a question is over (review r25, item 2: it stayed on Ask, disabled with
   * the box empty): to the stored answer, which a screen reader then reads whole, with its sources,
   * and from which Tab reaches its citations and then the box; when there is no answer (an error, a
   * refusal), back to the box. Only while the focus is still where asking left it (Ask, or <body>).
   */
  const focusLeftOnAsk = () => {
    const at = document.activeElement;
    return !at || at === document.body || at === askButton.current;
  };

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const message = question.trim();
    if (isBlankText(message) || pending) return;
    const lastBefore = messages.at(-1)?.id;
    let answered = false;
    setError(null);
    setPending({ question: message, text: "", tools: [] });
    setQuestion("");
    let conversationId = selected;
    // Whether the server took the question (its "start"): a question refused before it (the minute's
    // limit, a 403) goes back in the box rather than having to be typed again.
    let started = false;
    try {
      await apiStream<ChatEvent | { type: "error"; message: string }>(
        "/api/ai/chat",
        { message, ...(selected ? { conversationId: selected } : {}) },
        (e) => {
          if (e.type === "start") {
            started = true;
            conversationId = e.conversationId;
          } else if (e.type === "tool") setPending((p) => p && { ...p, tools: [...p.tools, e.name] });
          else if (e.type === "delta") setPending((p) => p && { ...p, text: p.text + e.text });
          // The stored answer is the checked one: it replaces what was streamed until the refetch.
          else if (e.type === "done") {
            answered = true;
            setPending((p) => p && { ...p, text: e.message.content });
          } else if (e.type === "error") setError(e.message);
        },
      );
      if (conversationId) {
        await queryClient.invalidateQueries({ queryKey: ["/api/ai/conversations"] });
        // The conversation asked in is the one open: no new step for Back.
        setSelected(conversationId, { replace: true });
      }
    } catch (e) {
      setError(errorMessage(e, "The question could not be asked."));
      if (!started) setQuestion((typed) => typed || message);
    } finally {
      setPending(null);
      if (answered) awaited.current = { after: lastBefore };
      else if (focusLeftOnAsk()) box.current?.focus();
    }
  };

  const messages = selected ? (conversation.data?.messageList ?? []) : [];
  const last = messages.at(-1);
  useEffect(() => {
    const wanted = awaited.current;
    if (!wanted || pending || !last || last.id === wanted.after || last.role === "user") return;
    awaited.current = null;
    if (focusLeftOnAsk())
      document
        .querySelector<HTMLElement>(`[data-testid="chat-answer"][data-message="${CSS.escape(last.id)}"]`)
        ?.focus();
  });
  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
      <Card className="grid content-start gap-2 p-3">
        <Button variant="outline" onClick={() => setSelected(null)} disabled={pending != null}>
          <MessageSquarePlus className="size-4" aria-hidden="true" /> New conversation
        </Button>
        {conversations.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Your conversations">
            {conversations.data?.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => setSelected(c.id)}
                  disabled={pending != null}
                  className={`w-full truncate rounded px-2 py-1 text-left hover:bg-muted ${selected === c.id ? "bg-muted font-medium" : ""}`}
                  data-testid="chat-conversation"
                >
                  {c.title}
                </button>
              </li>
            ))}
            {conversations.data?.length === 0 && (
              <li className="px-2 text-muted-foreground text-xs">Your conversations are kept here.</li>
            )}
          </ul>
        )}
      </Card>
      <Card className="grid content-start gap-4 p-4 text-sm">
        {selected && conversation.isError && !pending && (
          <LoadFailed
            what="this conversation"
            error={conversation.error}
            onRetry={() => void conversation.refetch()}
          />
        )}
        {selected && conversation.isLoading && <Skeleton className="h-24 w-full" />}
        {messages.length === 0 &&
          !pending &&
          !(selected && (conversation.isError || conversation.isLoading)) && <AskEmpty />}
        {messages.map((m) =>
          m.role === "user" ? (
            <p key={m.id} className="justify-self-end rounded bg-muted px-3 py-2" data-testid="chat-question">
              {m.content}
            </p>
          ) : (
            <Answer key={m.id} message={m} />
          ),
        )}
        {pending && (
          <>
            <p className="justify-self-end rounded bg-muted px-3 py-2">{pending.question}</p>
            <div className="grid gap-1" aria-live="polite" data-testid="chat-streaming">
              {pending.tools.length > 0 && (
                <p className="text-muted-foreground text-xs">Looking up: {pending.tools.join(", ")}</p>
              )}
              <p className="whitespace-pre-wrap">{pending.text || "Thinking…"}</p>
            </div>
          </>
        )}
        {error && (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <form onSubmit={ask} className="flex gap-2">
          <Input
            ref={box}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder="Ask about games, genres or the market"
            aria-label="Your question"
            maxLength={2000}
          />
          {/* Answering, the button keeps the focus rather than dropping it to the page (review 23). */}
          <Button
            ref={askButton}
            type="submit"
            disabled={pending != null || isBlankText(question)}
            focusableWhenDisabled
          >
            {pending ? "Answering..." : "Ask"}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/**
 * The empty chat: what answers now, said before the first answer, with examples it can answer (review
 * r29-a, finding 9). Its own component, so the model is asked only while the chat is empty.
 */
function AskEmpty() {
  const chatModel = useQuery(chatModelQuery);
  const empty = askEmptyText(chatModel.data?.modelUsed);
  return (
    <EmptyState
      icon={Send}
      title="Ask the analyst"
      description={empty.description}
      action={
        empty.model && (
          <p className="text-muted-foreground text-xs" data-testid="chat-empty-model">
            {empty.model}
          </p>
        )
      }
    />
  );
}

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { env } from "../env.ts";

/** What results say when no language model is configured (issue 12). */
export const STATISTICAL_MODEL = "statistical model (no language model configured)";

export interface ConfiguredModel {
  model: LanguageModel;
  /** "llama3.1:8b via Ollama": what the screen and every history record show. */
  label: string;
  timeoutMs: number;
  maxOutputTokens: number;
}

/** A readable provider name for the label, from the address when AI_PROVIDER_NAME is not set. */
export function providerName(baseUrl: string): string {
  const url = new URL(baseUrl);
  const host = url.hostname;
  if (host.endsWith(".openai.azure.com")) return "Azure OpenAI";
  if (host === "api.openai.com") return "OpenAI";
  // The ports these servers listen on by default.
  if (url.port === "11434") return "Ollama";
  if (url.port === "1234") return "LM Studio";
  if (url.port === "8080") return "llama.cpp";
  if (url.port === "8000") return "vLLM";
  return url.host;
}

let cached: { key: string; value: ConfiguredModel | null } | undefined;

/**
 * The configured chat model, or null when AI_BASE_URL or AI_MODEL is missing. Built once per
 * configuration; retries are ours (src/server/ai/llm.ts), so the SDK's own are turned off there.
 */
export function configuredModel(): ConfiguredModel | null {
  const e = env();
  const key = [e.AI_BASE_URL, e.AI_MODEL, e.AI_API_KEY, e.AI_PROVIDER_NAME].join("|");
  if (cached?.key === key) return cached.value;
  let value: ConfiguredModel | null = null;
  if (e.AI_BASE_URL && e.AI_MODEL) {
    const provider = createOpenAICompatible({
      name: "ai-analyst",
      baseURL: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      // OpenAI, Ollama, llama.cpp's server, vLLM and LM Studio all accept a JSON schema as
      // response_format; the answer is validated against the same zod schema afterwards anyway.
      supportsStructuredOutputs: true,
      includeUsage: true,
    });
    value = {
      model: provider.chatModel(e.AI_MODEL),
      label: `${e.AI_MODEL} via ${e.AI_PROVIDER_NAME ?? providerName(e.AI_BASE_URL)}`,
      timeoutMs: e.AI_TIMEOUT_MS,
      maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS,
    };
  }
  cached = { key, value };
  return value;
}

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

/** Public APIs whose host names their provider: the name is shown, never the host itself. */
const KNOWN_HOSTS: Array<[suffix: string, name: string]> = [
  ["api.openai.com", "OpenAI"],
  [".openai.azure.com", "Azure OpenAI"],
  ["api.anthropic.com", "Anthropic"],
  ["generativelanguage.googleapis.com", "Google Gemini"],
  ["api.mistral.ai", "Mistral AI"],
  ["api.groq.com", "Groq"],
  ["openrouter.ai", "OpenRouter"],
  ["api.together.xyz", "Together AI"],
  ["api.fireworks.ai", "Fireworks AI"],
  ["api.deepseek.com", "DeepSeek"],
  ["api.perplexity.ai", "Perplexity"],
];

/**
 * A readable provider name for the label, from the address when AI_PROVIDER_NAME is not set; null
 * when the address does not say which provider it is. Labels reach customers (every result's source
 * note), so an unrecognised address is never shown: not its host, port or IP.
 */
export function providerName(baseUrl: string): string | null {
  const url = new URL(baseUrl);
  const host = url.hostname.toLowerCase();
  for (const [suffix, name] of KNOWN_HOSTS) {
    if (host === suffix || host.endsWith(suffix.startsWith(".") ? suffix : `.${suffix}`)) return name;
  }
  // The ports these servers listen on by default.
  if (url.port === "11434") return "Ollama";
  if (url.port === "1234") return "LM Studio";
  if (url.port === "8080") return "llama.cpp";
  if (url.port === "8000") return "vLLM";
  return null;
}

/** "llama3.1:8b via Ollama", or the model alone when the provider has no name to show. */
export function modelLabel(model: string, baseUrl: string, providerNameSetting?: string): string {
  const provider = providerNameSetting?.trim() || providerName(baseUrl);
  return provider ? `${model} via ${provider}` : model;
}

let cached: { key: string; value: ConfiguredModel | null } | undefined;

/**
 * The configured chat model, or null when AI_BASE_URL or AI_MODEL is missing. Built once per
 * configuration; retries are ours (src/server/ai/llm.ts), so the SDK's own are turned off there.
 */
export function configuredModel(): ConfiguredModel | null {
  const e = env();
  const key = [
    e.AI_BASE_URL,
    e.AI_MODEL,
    e.AI_API_KEY,
    e.AI_PROVIDER_NAME,
    e.AI_TIMEOUT_MS,
    e.AI_MAX_OUTPUT_TOKENS,
  ].join("|");
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
      label: modelLabel(e.AI_MODEL, e.AI_BASE_URL, e.AI_PROVIDER_NAME),
      timeoutMs: e.AI_TIMEOUT_MS,
      maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS,
    };
  }
  cached = { key, value };
  return value;
}

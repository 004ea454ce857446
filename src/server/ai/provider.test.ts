import { expect, test } from "vitest";
import { modelLabel, providerName } from "./provider.ts";

test("an unrecognised endpoint never names its host, port or IP: the model alone", () => {
  expect(modelLabel("mock-1", "http://127.0.0.1:3199/v1")).toBe("mock-1");
  expect(modelLabel("mock-1", "https://llm.internal.example.com/v1")).toBe("mock-1");
  expect(modelLabel("mock-1", "http://[::1]:3199/v1")).toBe("mock-1");
  expect(providerName("http://10.0.0.7:9000/v1")).toBeNull();
});

test("AI_PROVIDER_NAME names the provider whatever the address", () => {
  expect(modelLabel("mock-1", "http://127.0.0.1:3199/v1", "Acme AI")).toBe("mock-1 via Acme AI");
  expect(modelLabel("llama3.1:8b", "http://127.0.0.1:3199/v1", "Ollama")).toBe("llama3.1:8b via Ollama");
  // Empty in .env means not set.
  expect(modelLabel("mock-1", "http://127.0.0.1:3199/v1", "")).toBe("mock-1");
});

test("a known public API or a local server's default port gives the provider's name", () => {
  expect(modelLabel("gpt-4o-mini", "https://api.openai.com/v1")).toBe("gpt-4o-mini via OpenAI");
  expect(providerName("https://my-team.openai.azure.com/openai")).toBe("Azure OpenAI");
  expect(providerName("https://api.groq.com/openai/v1")).toBe("Groq");
  expect(providerName("https://openrouter.ai/api/v1")).toBe("OpenRouter");
  expect(providerName("http://localhost:11434/v1")).toBe("Ollama");
  expect(providerName("http://localhost:1234/v1")).toBe("LM Studio");
  // A look-alike host is not the provider.
  expect(providerName("https://api.openai.com.evil.example/v1")).toBeNull();
  expect(providerName("https://notopenrouter.ai/v1")).toBeNull();
});

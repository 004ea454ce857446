import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  limiterFor,
  RateLimiter,
  request,
  requestJson,
  retryAfterMs,
  SERVICE_LIMITS,
  SourceError,
} from "../../src/server/sources/http.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";

/** The shared HTTP layer of the source adapters, against a local server (issue 5). */
let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterAll(() => replay.stop());

/** A path that answers `failures` with `fail`, then a JSON success. */
function flaky(path: string, failures: number, fail: () => Response) {
  let n = 0;
  replay.override(path, () => (n++ < failures ? fail() : Response.json({ ok: true, attempt: n })));
}

describe("retries", () => {
  test("a 429 is retried after the Retry-After it names, and no sooner", async () => {
    flaky("/t/429", 1, () => new Response("slow down", { status: 429, headers: { "Retry-After": "1" } }));
    const started = performance.now();
    const body = await requestJson(`${replay.base}/t/429`, {}, { service: "test" });
    expect(body).toEqual({ ok: true, attempt: 2 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  test("a 429 holds every caller of that service's limiter, not only the one that got it", async () => {
    flaky("/t/429-shared", 1, () => new Response("", { status: 429, headers: { "Retry-After": "1" } }));
    const limiter = new RateLimiter(100, 1);
    const started = performance.now();
    const first = requestJson(`${replay.base}/t/429-shared`, {}, { service: "test", limiter });
    await Bun.sleep(50);
    // Sent after the 429 arrived: must wait out the same Retry-After.
    await requestJson(`${replay.base}/v1/catalog`, {}, { service: "test", limiter });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    await first;
  });

  test("a 500 then success returns the success", async () => {
    flaky("/t/500", 1, () => new Response("oops", { status: 500 }));
    expect(await requestJson(`${replay.base}/t/500`, {}, { service: "test", backoffMs: 10 })).toEqual({
      ok: true,
      attempt: 2,
    });
    expect(replay.hits.get("/t/500")).toBe(2);
  });

  test("a service that stays down is a SourceError with its status after the retries, not a crash", async () => {
    replay.override("/t/down", () => new Response("down", { status: 503 }));
    const error = await requestJson(
      `${replay.base}/t/down`,
      {},
      { service: "test", retries: 2, backoffMs: 10 },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 503, message: "test: answered 503" });
    expect(replay.hits.get("/t/down")).toBe(3);
  });

  test("a Retry-After longer than the caller accepts fails at once, naming the wait", async () => {
    replay.override(
      "/t/long-wait",
      () => new Response("", { status: 429, headers: { "Retry-After": "3600" } }),
    );
    const started = performance.now();
    await expect(requestJson(`${replay.base}/t/long-wait`, {}, { service: "test" })).rejects.toThrow(
      "test: answered 429; asked to wait 3600 s",
    );
    expect(performance.now() - started).toBeLessThan(500);
  });

  test("a 4xx other than 429 is an answer, not retried", async () => {
    const error = await requestJson(`${replay.base}/nowhere`, {}, { service: "test" }).catch((e) => e);
    expect(error).toMatchObject({ status: 404 });
    expect(replay.hits.get("/nowhere")).toBe(1);
  });

  test("Retry-After in seconds or as an HTTP date", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("2015-10-21T07:28:00Z"))).toBe(10_000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe("timeouts and broken answers", () => {
  test("an answer slower than the timeout is a SourceError saying so", async () => {
    replay.override("/t/slow", async () => {
      await Bun.sleep(1500);
      return Response.json({ late: true });
    });
    await expect(
      request(`${replay.base}/t/slow`, {}, { service: "test", timeoutMs: 200, retries: 0 }),
    ).rejects.toThrow("test: timed out");
  });

  test("a timeout is retried: a slow first answer then a quick one succeeds", async () => {
    let n = 0;
    replay.override("/t/slow-once", async () => {
      if (n++ === 0) await Bun.sleep(1500);
      return Response.json({ attempt: n });
    });
    expect(
      await requestJson(`${replay.base}/t/slow-once`, {}, { service: "test", timeoutMs: 300, backoffMs: 10 }),
    ).toEqual({ attempt: 2 });
  });

  test("a service nobody answers for is 'unreachable'", async () => {
    const closed = Bun.serve({ port: 0, fetch: () => new Response("") });
    const url = `http://127.0.0.1:${closed.port}/`;
    await closed.stop(true);
    await expect(request(url, {}, { service: "test", retries: 1, backoffMs: 10 })).rejects.toThrow(
      "test: unreachable",
    );
  });

  /** A JSON answer whose body stops after its first bytes for `stallMs`. */
  const stalled = (stallMs: number) =>
    new Response(
      new ReadableStream({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":{"Catalog":'));
          await Bun.sleep(stallMs);
          controller.close();
        },
      }),
      { headers: { "Content-Type": "application/json" } },
    );

  test("a body that stalls past the timeout is said to time out, not malformed JSON, and is retried", async () => {
    let n = 0;
    replay.override("/t/stalled-body", () => {
      n++;
      return stalled(1500);
    });
    await expect(
      requestJson(
        `${replay.base}/t/stalled-body`,
        {},
        { service: "test", timeoutMs: 200, retries: 1, backoffMs: 10 },
      ),
    ).rejects.toThrow(new SourceError("test", "timed out in the middle of the answer"));
    expect(n).toBe(2);
  });

  test("a body that stalls once, then a whole answer: the retry's answer", async () => {
    let n = 0;
    replay.override("/t/stalled-once", () => (n++ === 0 ? stalled(1500) : Response.json({ attempt: n })));
    expect(
      await requestJson(
        `${replay.base}/t/stalled-once`,
        {},
        { service: "test", timeoutMs: 200, backoffMs: 10 },
      ),
    ).toEqual({ attempt: 2 });
  });

  test("malformed JSON is a SourceError", async () => {
    replay.override(
      "/t/malformed",
      () => new Response("{not json", { headers: { "Content-Type": "application/json" } }),
    );
    await expect(requestJson(`${replay.base}/t/malformed`, {}, { service: "test" })).rejects.toThrow(
      "test: answered with malformed JSON",
    );
  });
});

describe("rate limits", () => {
  test("each service has its published limit, and one limiter per service for the whole process", () => {
    expect(SERVICE_LIMITS.igdb).toBe(4);
    expect(SERVICE_LIMITS.steamspy).toBe(1);
    expect(SERVICE_LIMITS["steamspy-all"]).toBeCloseTo(1 / 60);
    expect(limiterFor("igdb")).toBe(limiterFor("igdb"));
    expect(limiterFor("igdb").perSecond).toBe(4);
    expect(limiterFor("igdb")).not.toBe(limiterFor("steam"));
  });

  test("the token bucket spaces requests at the rate: 6 at 10/s take at least 0.5 s", async () => {
    const limiter = new RateLimiter(10, 1);
    const started = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => limiter.take()));
    expect(performance.now() - started).toBeGreaterThanOrEqual(480);
  });

  test("competing callers never get more than the limit into any 1-second window", async () => {
    const limiter = new RateLimiter(5, 1);
    const times: number[] = [];
    const end = performance.now() + 2200;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < end) {
          await limiter.take();
          times.push(performance.now());
        }
      }),
    );
    times.sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBeLessThanOrEqual(5);
    expect(times.length).toBeGreaterThanOrEqual(10);
  });

  test("requests through the layer wait for the limiter", async () => {
    const limiter = new RateLimiter(4, 1);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 3 }, () =>
        requestJson(`${replay.base}/v1/catalog`, {}, { service: "test", limiter }),
      ),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(480);
  });
});

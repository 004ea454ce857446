/**
 * Races without timing: `holdNext(name)` makes the next call of that password function (after it did
 * its work) wait until the test releases it, so a test can change the account or run another request
 * in between. A test file installs it with
 *   vi.mock("../../src/server/auth/password.ts", async (original) =>
 *     (await import("../helpers/held-password.ts")).withHeldCalls(await original()));
 * and arms it with `holdNext("verifyPassword")` (or "hashPassword").
 */
type PasswordModule = typeof import("../../src/server/auth/password.ts");
type Held = "verifyPassword" | "hashPassword";

const armed = new Map<Held, { reached: () => void; release: Promise<void> }>();

export function holdNext(name: Held): { reached: Promise<void>; release: () => void } {
  let reached!: () => void;
  let release!: () => void;
  const isReached = new Promise<void>((r) => {
    reached = r;
  });
  armed.set(name, { reached, release: new Promise<void>((r) => (release = r)) });
  return { reached: isReached, release };
}

export function withHeldCalls(real: PasswordModule): PasswordModule {
  const held =
    <A extends unknown[], R>(name: Held, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const answer = await fn(...args);
      const h = armed.get(name);
      if (h) {
        armed.delete(name);
        h.reached();
        await h.release;
      }
      return answer;
    };
  return {
    ...real,
    verifyPassword: held("verifyPassword", real.verifyPassword),
    hashPassword: held("hashPassword", real.hashPassword),
  };
}

import type { ServerWebSocket } from "bun";
import { afterEach, expect, test, vi } from "vitest";
import {
  RESERVATION_TTL_MS,
  register,
  releaseSocketPlace,
  reserveSocketPlace,
  unregister,
  usersWithPendingSockets,
} from "./hub.ts";

/** The per-user socket cap's reservations (src/server/realtime/socket.ts's socketCap). */
const T0 = Date.UTC(2026, 10, 27, 12);
const fakeSocket = () => ({}) as ServerWebSocket<unknown>;
const owner = (userId: string) => ({
  userId,
  sessionId: "s",
  expiresAt: T0 + 3_600_000,
  role: "regular" as const,
});

afterEach(() => {
  vi.restoreAllMocks();
});

test("a socket that opens takes up a live reservation, not one that expired before it", () => {
  const limit = 2;
  // An upgrade whose socket never opened (its reservation expires), then one that opens late.
  expect(reserveSocketPlace("ann", limit, T0)).toBe(true);
  expect(reserveSocketPlace("ann", limit, T0 + 9_000)).toBe(true);
  vi.spyOn(Date, "now").mockReturnValue(T0 + RESERVATION_TTL_MS + 1_000);
  const ws = fakeSocket();
  register(ws, owner("ann"));
  // One socket open and nothing under way: a second is within the cap of 2 (and a third is not).
  expect(reserveSocketPlace("ann", limit, T0 + RESERVATION_TTL_MS + 2_000)).toBe(true);
  expect(reserveSocketPlace("ann", limit, T0 + RESERVATION_TTL_MS + 2_000)).toBe(false);
  releaseSocketPlace("ann", T0 + RESERVATION_TTL_MS + 2_000);
  unregister(ws);
  expect(usersWithPendingSockets()).toBe(0);
});

test("a release after the reservation expired leaves no entry; unregister sweeps other users' expired ones", () => {
  expect(reserveSocketPlace("bea", 3, T0)).toBe(true);
  releaseSocketPlace("bea", T0 + RESERVATION_TTL_MS + 1);
  expect(usersWithPendingSockets()).toBe(0);

  // Cy's upgrade never opens and Cy never comes back; Dee's socket closes later.
  expect(reserveSocketPlace("cy", 3, T0)).toBe(true);
  expect(reserveSocketPlace("dee", 3, T0)).toBe(true);
  vi.spyOn(Date, "now").mockReturnValue(T0 + 1_000);
  const ws = fakeSocket();
  register(ws, owner("dee"));
  expect(usersWithPendingSockets()).toBe(1);
  vi.spyOn(Date, "now").mockReturnValue(T0 + RESERVATION_TTL_MS + 1);
  unregister(ws);
  expect(usersWithPendingSockets()).toBe(0);
});

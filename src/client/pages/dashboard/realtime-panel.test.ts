import { expect, test } from "vitest";
import { realtimePanelText } from "./realtime-panel.ts";

const time = (iso: string) => iso.slice(11, 19);
const stats = { at: "2026-11-27T12:03:41.000Z" };

test("connected: when the figures came", () => {
  expect(realtimePanelText(stats, "connected", time)).toBe(
    "Updated 12:03:41 — the server sends new figures every few seconds.",
  );
  expect(realtimePanelText(null, "connected", time)).toBe("Waiting for the first update from the server...");
  expect(realtimePanelText(null, "connecting", time)).toBe("Waiting for the first update from the server...");
});

test("connection lost: the figures are as of the last update, and the panel says the connection is lost", () => {
  for (const status of ["disconnected", "connecting", "error"] as const) {
    const text = realtimePanelText(stats, status, time);
    expect(text).toMatch(/^Connection lost — figures as of 12:03:41/);
    expect(text).not.toContain("Updated");
  }
  expect(realtimePanelText(null, "disconnected", time)).toMatch(/^Connection lost/);
});

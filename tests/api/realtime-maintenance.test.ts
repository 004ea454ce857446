import { beforeEach, expect, test } from "vitest";
import { openClient } from "../../src/server/db/client.ts";
import {
  loadSystemSettings,
  resetSettingsForTests,
  startSettingsFollow,
} from "../../src/server/operations/settings.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { connectAs, eventually, socketServerForFile } from "../helpers/socket-server.ts";

/**
 * Review r31-c #5: the maintenance banner reached open tabs only on a 60 s poll (or a refused save).
 * Every open socket, whatever it subscribed to, is told the public status when maintenance changes.
 */
const sockets = socketServerForFile();
beforeEach(async () => {
  resetSettingsForTests();
  await loadSystemSettings();
});

const statusMessages = (messages: Array<Record<string, unknown>>) =>
  messages.filter((m) => m.type === "status_changed");

async function setMaintenance(cookie: string, enabled: boolean, message: string) {
  const res = await request("/api/admin/settings/maintenance", {
    method: "PUT",
    cookie,
    json: { enabled, message },
  });
  expect(res.status).toBe(200);
}

test("turning maintenance on and off is told at once to every open socket, subscribed or not", async () => {
  const admin = await createTestUser({ role: "admin" });
  const member = await createTestUser();
  const a = connectAs(sockets.host, member.cookie);
  const b = connectAs(sockets.host, admin.cookie);
  await Promise.all([a.opened, b.opened]);
  await eventually(() => a.messages.some((m) => m.type === "connection"));

  await setMaintenance(admin.cookie, true, "Upgrading the database until 21:00 UTC.");
  await eventually(() => statusMessages(a.messages).length === 1 && statusMessages(b.messages).length === 1);
  expect(statusMessages(a.messages)[0]).toMatchObject({
    status: { maintenance: { enabled: true, message: "Upgrading the database until 21:00 UTC." } },
  });

  // A new message while on is told too; the same values saved again are not.
  await setMaintenance(admin.cookie, true, "Until 21:30 UTC.");
  await eventually(() => statusMessages(a.messages).length === 2);
  await setMaintenance(admin.cookie, true, "Until 21:30 UTC.");
  await setMaintenance(admin.cookie, false, "Until 21:30 UTC.");
  await eventually(() => statusMessages(a.messages).length === 3);
  expect(statusMessages(a.messages)[2]).toMatchObject({
    status: { maintenance: { enabled: false } },
  });
  // Another setting's change tells nothing.
  const rateLimits = await (await request("/api/admin/settings", { cookie: admin.cookie })).json();
  await request("/api/admin/settings/rate-limits", {
    method: "PUT",
    cookie: admin.cookie,
    json: { ...rateLimits.settings.rateLimits, signInPerIp: rateLimits.settings.rateLimits.signInPerIp + 1 },
  });
  await Bun.sleep(200);
  expect(statusMessages(a.messages)).toHaveLength(3);
  a.ws.close();
  b.ws.close();
});

test("maintenance turned on by another process is told once this one reads the change", async () => {
  const member = await createTestUser();
  const a = connectAs(sockets.host, member.cookie);
  await a.opened;
  const other = openClient(process.env.DATABASE_URL!, undefined, 5000);
  try {
    await other.execute({
      sql: "INSERT INTO system_settings (key, value, updated_at) VALUES ('maintenance', ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      args: [JSON.stringify({ enabled: true, message: "From elsewhere" }), Date.now()],
    });
  } finally {
    other.close();
  }
  await loadSystemSettings({ onlyIfChanged: true });
  await eventually(() => statusMessages(a.messages).length === 1);
  expect(statusMessages(a.messages)[0]).toMatchObject({
    status: { maintenance: { enabled: true, message: "From elsewhere" } },
  });
  a.ws.close();
});

// Review r32-b #1: a server with no request coming in never read another process's change, so its open
// tabs saw no banner until some request reached it. The server looks for such a change on its own.
test("maintenance turned on by another process reaches an idle server's open tabs, with no request", async () => {
  const member = await createTestUser();
  await loadSystemSettings();
  const a = connectAs(sockets.host, member.cookie);
  await a.opened;
  const stop = startSettingsFollow(50);
  const other = openClient(process.env.DATABASE_URL!, undefined, 5000);
  try {
    await other.execute({
      sql: "INSERT INTO system_settings (key, value, updated_at) VALUES ('maintenance', ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      args: [JSON.stringify({ enabled: true, message: "Idle server" }), Date.now()],
    });
    await eventually(() => statusMessages(a.messages).length === 1);
    expect(statusMessages(a.messages)[0]).toMatchObject({
      status: { maintenance: { enabled: true, message: "Idle server" } },
    });
  } finally {
    stop();
    other.close();
    a.ws.close();
  }
});

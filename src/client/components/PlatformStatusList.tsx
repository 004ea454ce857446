import type { PlatformConnection } from "../../contracts/sources.ts";
import { Badge } from "../../ui/badge/index.ts";
import { formatDateTime } from "../format/dates.ts";
import { countWithUnit } from "../format/numbers.ts";

/** One line of a status list: a component, its state and the figure that shows it. */
export function StatusRow({
  name,
  ok,
  state,
  detail,
  mine = false,
}: {
  name: string;
  ok: boolean;
  state: string;
  detail: string;
  /** One of the user's platforms (Settings → Gaming → Platforms). */
  mine?: boolean;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3" data-testid="system-status">
      <div className="min-w-0">
        <p className="font-medium">
          {name}
          {mine && (
            // Not a Badge: the row's one badge is its state.
            <span className="ml-2 rounded-md border border-primary/40 px-1.5 py-0.5 align-middle font-normal text-primary text-xs">
              Your platform
            </span>
          )}
        </p>
        <p className="text-muted-foreground text-sm">{detail}</p>
      </div>
      <Badge variant={ok ? "success" : "warning"}>{state}</Badge>
    </li>
  );
}

const SOURCE_STATE: Record<PlatformConnection["status"], { label: string; ok: boolean }> = {
  connected: { label: "Connected", ok: true },
  never_synced: { label: "Not synced yet", ok: false },
  error: { label: "Last sync failed", ok: false },
  not_configured: { label: "Not configured", ok: false },
};

/**
 * What a customer sees: what is available and since when, never what to configure (issue 9 §4): the
 * operator's detail (which setting is missing, why a sync failed) stays with admins. A source with no
 * data is named in the operators' words, so one state reads the same on the Dashboard and in System
 * Overview: "Not configured" (no key or setting), "Not synced yet" (configured, never ran). A failed
 * sync is "Last sync failed" for everyone, whatever was stored before (issue 5: the app keeps serving
 * what it stored, and says so; review r33-c #6: Steam read "Available" after its sync failed).
 */
const CUSTOMER_STATE: Record<PlatformConnection["status"], { label: string; ok: boolean }> = {
  ...SOURCE_STATE,
  connected: { label: "Available", ok: true },
};

/** One source's row: its state, whether that is well, and what we hold from it and since when. */
export function platformStatusRow(
  source: PlatformConnection,
  operator: boolean,
): { label: string; ok: boolean; detail: string } {
  const state = (operator ? SOURCE_STATE : CUSTOMER_STATE)[source.status];
  const held = source.stored.count > 0 || source.status === "connected" || source.status === "error";
  const stored = `${countWithUnit(source.stored.count, source.stored.unit)} stored`;
  const detail = [
    source.source,
    // After a failed sync what was stored before is still what the screens show.
    source.status === "error" && source.stored.count > 0 ? `${stored}, still shown` : stored,
    operator
      ? source.lastSync
        ? `last sync ${formatDateTime(source.lastSync)}`
        : null
      : held && source.lastSuccess
        ? `data from ${formatDateTime(source.lastSuccess)}`
        : null,
    operator && source.status === "not_configured" && source.missing.length
      ? `set ${source.missing.join(" and ")} (Workflows)`
      : null,
    operator ? source.message : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return { ...state, detail };
}

/**
 * The 8 platforms with how their data comes in, what we hold and since when. Operators (admins) also
 * see what is missing from the configuration and why a sync failed, with a link to Workflows. The
 * user's own platforms, where given, are marked.
 */
export function PlatformStatusList({
  platforms,
  operator = false,
  mine,
}: {
  platforms: PlatformConnection[];
  operator?: boolean;
  mine?: ReadonlySet<PlatformConnection["id"]>;
}) {
  return (
    <ul className="divide-y divide-border">
      {platforms.map((source) => {
        const row = platformStatusRow(source, operator);
        return (
          <StatusRow
            key={source.id}
            name={source.name}
            ok={row.ok}
            state={row.label}
            detail={row.detail}
            mine={mine?.has(source.id)}
          />
        );
      })}
    </ul>
  );
}

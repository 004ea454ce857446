import type { PlatformConnection } from "../../contracts/sources.ts";
import { Badge } from "../../ui/index.ts";

/** One line of a status list: a component, its state and the figure that shows it. */
export function StatusRow({
  name,
  ok,
  state,
  detail,
}: {
  name: string;
  ok: boolean;
  state: string;
  detail: string;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3" data-testid="system-status">
      <div className="min-w-0">
        <p className="font-medium">{name}</p>
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

const since = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** The 8 platforms with how their data comes in, what we hold, the last sync and what is missing. */
export function PlatformStatusList({ platforms }: { platforms: PlatformConnection[] }) {
  return (
    <ul className="divide-y divide-border">
      {platforms.map((source) => {
        const state = SOURCE_STATE[source.status];
        const detail = [
          source.source,
          `${source.stored.count.toLocaleString("en")} ${source.stored.unit} stored`,
          source.lastSync ? `last sync ${since.format(new Date(source.lastSync))}` : null,
          source.status === "not_configured" && source.missing.length
            ? `set ${source.missing.join(" and ")}`
            : null,
          source.status === "error" ? source.message : null,
        ]
          .filter(Boolean)
          .join(" · ");
        return (
          <StatusRow key={source.id} name={source.name} ok={state.ok} state={state.label} detail={detail} />
        );
      })}
    </ul>
  );
}

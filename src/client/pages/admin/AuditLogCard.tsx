import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  AUDIT_ACTIONS,
  type AuditEntryView,
  type AuditPage,
  type AuditPerson,
  auditActionText,
} from "../../../contracts/audit.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../ui/table/index.ts";
import { apiGet } from "../../api.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { formatDateTime } from "../../format/dates.ts";

const PAGE_SIZE = 20;
const WRAP = "min-w-32 whitespace-normal [overflow-wrap:anywhere]";
const ALL = "all";

function personText(person: AuditPerson | null, nobody: string): string {
  if (!person) return nobody;
  if (!person.email) return "A deleted account";
  return person.name ? `${person.name} (${person.email})` : person.email;
}

const detailText = (entry: AuditEntryView, key: string): string | null =>
  typeof entry.detail?.[key] === "string" ? (entry.detail[key] as string) : null;

/** The action in words, with how a sign-in was made and why one failed. */
function actionText(entry: AuditEntryView): string {
  const words = auditActionText(entry.action);
  const method = detailText(entry, "method");
  const reason = detailText(entry, "reason");
  const how = [
    method && (method === "password" ? "password" : `through ${method}`),
    reason,
    detailText(entry, "at") === "signup" && "at sign-up",
  ]
    .filter(Boolean)
    .join(": ");
  return how ? `${words} (${how})` : words;
}

/**
 * The target: an account, a setting or backup by name. A password sign-in naming no account reads
 * "Unknown account": the address typed is not kept (it may be a mistyped password).
 */
export function targetText(entry: AuditEntryView): string {
  // A deletion keeps whom it removed in its entry (ADR 043): the account's own row is gone.
  const email = detailText(entry, "email");
  if (entry.target && !entry.target.email && entry.action === "user.deleted" && email) {
    const name = detailText(entry, "name");
    return `${name ? `${name} (${email})` : email}, deleted`;
  }
  if (entry.target) return personText(entry.target, "");
  if (entry.targetText) return entry.targetText;
  if (entry.action.startsWith("auth.") && detailText(entry, "method") === "password")
    return "Unknown account";
  return "—";
}

/**
 * The audit log on the Settings tab (review r20-b #4): who did what to whom, newest first, times in
 * the user's time zone, one action or all, a page at a time.
 */
export function AuditLogCard() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<string>(ALL);
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (action !== ALL) params.set("action", action);
  const log = useQuery({
    queryKey: ["/api/admin/audit", page, action],
    queryFn: () => apiGet<AuditPage>(`/api/admin/audit?${params}`),
    // The page shown stays until the next one has come (it emptied to a skeleton on Older), as the
    // screener's pages do; meanwhile it is marked busy.
    placeholderData: keepPreviousData,
  });
  const busy = log.isPlaceholderData;
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / PAGE_SIZE)) : 1;
  return (
    <Card className="md:col-span-2" data-testid="audit-log">
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>
          Sign-ins, role changes, settings, backups, workflow runs and pauses, and deletions: who did what,
          newest first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Select
            value={action}
            onValueChange={(v) => {
              setAction(v);
              setPage(1);
            }}
          >
            <SelectTrigger className="w-64" aria-label="Show actions">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All actions</SelectItem>
              {AUDIT_ACTIONS.map((a) => (
                <SelectItem key={a} value={a}>
                  {auditActionText(a)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {log.data && (
            <p className="text-muted-foreground text-sm">
              {log.data.total.toLocaleString("en")} {log.data.total === 1 ? "entry" : "entries"}
            </p>
          )}
        </div>
        {log.isError ? (
          <LoadFailed what="the audit log" error={log.error} onRetry={() => log.refetch()} />
        ) : !log.data ? (
          <Skeleton className="h-40 w-full" />
        ) : log.data.entries.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {action === ALL ? "Nothing recorded yet." : "No entries for this action."}
          </p>
        ) : (
          <Table
            scrollHint="Scroll sideways for the action and its target."
            aria-busy={busy || undefined}
            className={busy ? "opacity-60 transition-opacity" : undefined}
          >
            <TableHeader>
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Target</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.data.entries.map((entry) => (
                <TableRow key={entry.id} data-testid="audit-row">
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </TableCell>
                  {/* Long names, emails and reasons wrap: at 1280 px the Target column was cut (review r21/a #6). */}
                  <TableCell className={WRAP}>
                    {entry.actor
                      ? personText(entry.actor, "")
                      : detailText(entry, "via") === "shell"
                        ? "An operator, from the server's shell"
                        : "Nobody signed in"}
                    {detailText(entry, "ip") && (
                      <span className="block text-muted-foreground text-xs">
                        from {detailText(entry, "ip")}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className={WRAP}>{actionText(entry)}</TableCell>
                  <TableCell className={WRAP}>{targetText(entry)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {pages > 1 && (
          <div className="flex items-center justify-end gap-2 text-sm">
            {/* The button that reaches the first or last page keeps the focus (focusableWhenDisabled). */}
            <Button
              size="sm"
              variant="outline"
              disabled={page <= 1}
              focusableWhenDisabled
              onClick={() => setPage(page - 1)}
            >
              Newer
            </Button>
            <span className="text-muted-foreground">
              Page {page} of {pages}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={page >= pages}
              focusableWhenDisabled
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

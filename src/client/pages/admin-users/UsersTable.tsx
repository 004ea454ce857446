import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useMemo, useState } from "react";
import {
  ADMIN_BY_EMAIL_DELETE_DETAIL,
  ADMIN_BY_EMAIL_DETAIL,
  ADMIN_BY_EMAIL_RESET_DETAIL,
  ADMIN_DELETE_BY_OPERATOR_DETAIL,
  ADMIN_RESET_BY_OPERATOR_DETAIL,
  ADMIN_ROLE_BY_OPERATOR_DETAIL,
  type AdminListedUser,
  type PublicUser,
  ROLE_CHOICES,
  type Role,
} from "../../../contracts/roles.ts";
import { Avatar } from "../../../ui/avatar/index.ts";
import { RoleBadge, TierBadge } from "../../../ui/badge/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../ui/table/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { apiRequest } from "../../api.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { SearchField } from "../../components/SearchField.tsx";
import { formatDate } from "../../format/dates.ts";
import { plural } from "../../format/numbers.ts";
import { adminStatsQuery, adminUsersQuery } from "../../queries/admin.ts";
import { currentUserQuery } from "../../queries/auth.ts";
import { withServerReason } from "../../server-reason.ts";
import { DeleteUserButton } from "./DeleteUserButton.tsx";
import { ResetPasswordButton } from "./ResetPasswordButton.tsx";
import { reloadUsers, userGone } from "./user-gone.ts";

function fullName(user: PublicUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

/**
 * Why this admin cannot reset this user's password, as the server refuses it (the button is off and
 * says so): an ADMIN_EMAILS account by nobody (409); another admin's by an admin who is not an
 * operator, one named in ADMIN_EMAILS (403, review r25 #9). Undefined when the reset is allowed.
 */
export function resetRefusal(user: AdminListedUser, viewerIsOperator: boolean): string | undefined {
  if (user.adminByEmail) return ADMIN_BY_EMAIL_RESET_DETAIL;
  if (user.role === "admin" && !viewerIsOperator) return ADMIN_RESET_BY_OPERATOR_DETAIL;
  return undefined;
}

/**
 * Why this admin cannot delete this user's account here, as the server refuses it (the button is off
 * and says so, ADR 043): an ADMIN_EMAILS account by nobody (409: whoever signs up with the address
 * next would be made admin); another admin's by an admin who is not an operator (403). Undefined when
 * the deletion is allowed.
 */
export function deleteRefusal(user: AdminListedUser, viewerIsOperator: boolean): string | undefined {
  if (user.adminByEmail) return ADMIN_BY_EMAIL_DELETE_DETAIL;
  if (user.role === "admin" && !viewerIsOperator) return ADMIN_DELETE_BY_OPERATOR_DETAIL;
  return undefined;
}

/** Who is looking at User Management: their id, and whether they are an operator (in ADMIN_EMAILS). */
export interface Viewer {
  id: string | undefined;
  isOperator: boolean;
}

/**
 * Why this admin cannot change this user's role at all, as the server refuses it (the select is off
 * and says so): the only admin; an ADMIN_EMAILS account (409); another admin's, for an admin who is
 * not an operator (403, review r26/a #1). Undefined when the role can be changed.
 */
export function roleRefusal(user: AdminListedUser, viewer: Viewer, admins: number): string | undefined {
  if (user.role === "admin" && admins <= 1) return "The only admin: make another user admin first";
  if (user.adminByEmail) return ADMIN_BY_EMAIL_DETAIL;
  if (user.role === "admin" && user.id !== viewer.id && !viewer.isOperator)
    return ADMIN_ROLE_BY_OPERATOR_DETAIL;
  return undefined;
}

/**
 * Spec §2 "User Management": User, Role, Tier, Joined, Actions. A role change applies as soon as it
 * is chosen (spec §4), its select disabled while it is saved; role and tier move as the fixed pairs.
 */
export function UsersTable() {
  const queryClient = useQueryClient();
  const { data: me } = useQuery(currentUserQuery);
  const users = useQuery(adminUsersQuery);
  const [filter, setFilter] = useState("");

  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => {
      const tier = ROLE_CHOICES.find((c) => c.role === role)?.tier;
      return apiRequest<PublicUser>("PUT", `/api/admin/users/${encodeURIComponent(id)}/role`, { role, tier });
    },
    onSuccess: async (updated) => {
      toast({ title: "Success", description: "User role updated successfully" });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQuery.queryKey }),
        // An admin who changed their own role sees the app as that role at once.
        updated.id === me?.id
          ? queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
          : undefined,
      ]);
    },
    // Spec §8's text, and the server's reason when it gave one ("This is the last admin: …").
    onError: (error) => {
      toast({
        title: "Error",
        description: withServerReason("Failed to update user role", error),
        variant: "destructive",
      });
      // "No user with this id": deleted since the table loaded; the list drops it (review r31/c #3).
      if (userGone(error)) void reloadUsers(queryClient);
    },
  });

  const list = users.data ?? [];
  const admins = list.filter((u) => u.role === "admin").length;
  // The list marks ADMIN_EMAILS accounts: the viewer's own row says whether they are an operator.
  const viewerIsOperator = list.some((u) => u.id === me?.id && u.adminByEmail);
  const viewer: Viewer = { id: me?.id, isOperator: viewerIsOperator };
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return users.data ?? [];
    return (users.data ?? []).filter((u) => `${fullName(u)} ${u.email}`.toLowerCase().includes(needle));
  }, [users.data, filter]);

  if (users.isError) {
    return <LoadFailed what="users" error={users.error} onRetry={() => users.refetch()} />;
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          className="w-full sm:max-w-sm"
          label="Filter users"
          placeholder="Filter by name or email..."
          value={filter}
          onChange={setFilter}
        />
        <p className="text-muted-foreground text-sm" data-testid="user-count">
          {users.isLoading
            ? "Loading users..."
            : filter.trim()
              ? `${shown.length} of ${list.length} users`
              : plural(list.length, "user")}
        </p>
      </div>

      {users.isLoading ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState icon={Users} title="No users found" description={`No user matches "${filter.trim()}".`} />
      ) : (
        // The kit's Table scrolls sideways itself and says so while columns are out of sight: at 390 px
        // the Role, Tier and Actions columns (the role select) were hidden without a word (review r20-b #9).
        // Narrower cell padding, select and name column: the whole row fits a 1280 px desktop (review 23).
        <div className="rounded-xl border border-border">
          <Table
            className="[&_td]:px-2 [&_th]:px-2"
            scrollHint="Scroll the table sideways for Role, Tier and Actions (where a role is changed)."
          >
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Tier</TableHead>
                <TableHead>Joined</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((user) => {
                const name = fullName(user);
                // The last admin; an ADMIN_EMAILS address (made admin again at its next sign-in, the
                // server refuses any other role); another admin, unless the viewer is an operator.
                const locked = roleRefusal(user, viewer, admins);
                const pending = changeRole.isPending && changeRole.variables?.id === user.id;
                return (
                  <TableRow key={user.id} data-testid="user-row">
                    {/* A long name or email wraps inside the column (anywhere, as an address has no spaces)
                        rather than widening the table; the column keeps between 8 and 11 rem (room for Delete, ADR 043). */}
                    <TableCell className="whitespace-normal">
                      <div className="flex items-center gap-3">
                        <Avatar src={user.profileImageUrl} name={name || user.email} />
                        <div className="min-w-32 max-w-44 [overflow-wrap:anywhere]">
                          <p className="font-medium" data-testid={name ? undefined : "user-email"}>
                            {name || user.email}
                            {user.id === me?.id && <span className="text-muted-foreground"> (you)</span>}
                          </p>
                          {name && (
                            <p className="text-muted-foreground text-xs" data-testid="user-email">
                              {user.email}
                            </p>
                          )}
                        </div>
                      </div>
                    </TableCell>
                    <TableCell>
                      <RoleBadge userRole={user.role} />
                    </TableCell>
                    <TableCell>
                      <TierBadge tier={user.subscriptionTier} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                    </TableCell>
                    <TableCell>
                      <div className="flex items-center gap-1.5">
                        {/* While the change is saved the select is disabled but keeps the focus
                            (aria-disabled, opening refused): a disabled control would drop it to
                            the page (review 22). The email tells two users of one name apart. */}
                        <Select
                          value={user.role}
                          disabled={!!locked}
                          onValueChange={(role) => changeRole.mutate({ id: user.id, role: role as Role })}
                        >
                          <SelectTrigger
                            className="w-52"
                            aria-label={`Role and tier of ${name ? `${name} (${user.email})` : user.email}`}
                            aria-disabled={pending || undefined}
                            onPointerDown={(event) => pending && event.preventDefault()}
                            onClick={(event) => pending && event.preventDefault()}
                            onKeyDown={(event) => pending && event.key !== "Tab" && event.preventDefault()}
                            title={locked}
                          >
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {ROLE_CHOICES.map((choice) => (
                              <SelectItem key={choice.role} value={choice.role}>
                                {choice.label}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                        {/* Your own password is changed in Settings, with the current one. */}
                        {user.id !== me?.id && (
                          <ResetPasswordButton
                            userId={user.id}
                            label={name || user.email}
                            // Refused by the server too: one admin would take over another's account.
                            disabledReason={resetRefusal(user, viewerIsOperator)}
                          />
                        )}
                        {/* Your own account is deleted in Settings → Security → Delete Account. */}
                        {user.id !== me?.id && (
                          <DeleteUserButton
                            userId={user.id}
                            label={{
                              short: name || user.email,
                              full: name ? `${name} (${user.email})` : user.email,
                            }}
                            disabledReason={deleteRefusal(user, viewerIsOperator)}
                          />
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}

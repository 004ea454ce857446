import { queryOptions, useQuery } from "@tanstack/react-query";
import { UserRound } from "lucide-react";
import { Link, useParams } from "wouter";
import type { PublicProfile } from "../../../contracts/profiles.ts";
import { Alert, AlertDescription } from "../../../ui/alert/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { ApiError, apiGet } from "../../api.ts";
import { Section } from "../../components/Section.tsx";
import { formatDate } from "../../format/dates.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { currentUserQuery } from "../../queries/auth.ts";

const profileQuery = (id: string) =>
  queryOptions({
    queryKey: ["/api/profiles", id],
    queryFn: () => apiGet<PublicProfile>(`/api/profiles/${encodeURIComponent(id)}`),
  });

/**
 * A user's public profile (Settings → Security → Public profile): their name and the games they
 * track, for the other signed-in users of this server while they have it on.
 */
export default function ProfilePage() {
  const { id = "" } = useParams<{ id: string }>();
  const profile = useQuery(profileQuery(id));
  const { data: me } = useQuery(currentUserQuery);
  if (profile.isLoading) return <Skeleton className="h-64" aria-busy="true" />;
  if (profile.isError || !profile.data) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <EmptyState
        icon={UserRound}
        title={missing ? "No public profile here" : "The profile could not be loaded"}
        description={missing ? "Its owner has not made it public, or there is no such account." : undefined}
      />
    );
  }
  const p = profile.data;
  const own = me?.id === p.id;
  return (
    <div className="grid gap-4">
      <PageHeader
        title={p.name ?? "Unnamed user"}
        description={`Member since ${formatDate(p.memberSince)}`}
      />
      {own && (
        <Alert>
          <AlertDescription>
            {p.isPublic
              ? "This is your public profile: other signed-in users of this server see this page. Your email is never shown."
              : "Your profile is private: only you see this page."}{" "}
            <Link href="/settings?tab=security" className="text-primary underline underline-offset-2">
              Change in Settings
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <Section title="Tracked games" description={`${p.trackedGames.length} on the watchlist`}>
        {p.trackedGames.length === 0 ? (
          <p className="text-muted-foreground text-sm">No games tracked yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {p.trackedGames.map((g) => (
              <li key={g.id} className="flex items-center justify-between gap-4 py-2">
                <Link href={`/games/${encodeURIComponent(g.id)}`} className="font-medium hover:underline">
                  {g.name}
                </Link>
                <span className="text-muted-foreground text-xs">tracked since {formatDate(g.addedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

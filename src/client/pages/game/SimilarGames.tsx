import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Badge } from "../../../ui/badge/index.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { ImageWithFallback } from "../../../ui/image-with-fallback/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { formatPrice } from "../../format/numbers.ts";
import { similarGamesQuery } from "../../queries/game-page.ts";

/** Games sharing this one's genres and tags, each linked to its page. */
export function SimilarGames({ id }: { id: string }) {
  const similar = useQuery(similarGamesQuery(id));
  const games = similar.data ?? [];
  return (
    <Card className="mt-6" role="region" aria-label="Similar games">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">Similar games</CardTitle>
        <ExportCsvButton
          fileName={`similar-to-${id}`}
          disabled={games.length === 0}
          data={() => ({
            header: [
              "id",
              "name",
              "score (shared genres ×2 + shared tags)",
              "shared genres and tags",
              "price (USD)",
              "price source",
              "price as of (ISO 8601)",
              "release date",
            ],
            rows: games.map((g) => [
              g.id,
              g.name,
              g.score,
              g.shared,
              g.price,
              g.priceProvenance?.source ?? null,
              g.priceProvenance?.asOf ?? null,
              g.releaseDate,
            ]),
          })}
        />
      </CardHeader>
      <CardContent>
        {similar.isLoading ? (
          <Skeleton className="h-24" />
        ) : games.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No game in the catalog shares this one's genres or tags.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {games.map((g) => (
              <li key={g.id} className="flex gap-3">
                <ImageWithFallback
                  src={g.imageUrl ?? undefined}
                  alt=""
                  className="h-14 w-12 shrink-0 rounded object-cover"
                />
                <div className="min-w-0">
                  <Link
                    href={`/games/${encodeURIComponent(g.id)}`}
                    className="block truncate font-medium hover:underline"
                  >
                    {g.name}
                  </Link>
                  <p className="text-muted-foreground text-xs">
                    {formatPrice(g.price)} · shares {g.shared.slice(0, 3).join(", ")}
                    {g.shared.length > 3 ? ` +${g.shared.length - 3}` : ""}
                  </p>
                  {g.isDemo && <Badge variant="warning">Demo</Badge>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

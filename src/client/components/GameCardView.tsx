import { Star, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge, Card, ImageWithFallback } from "../../ui/index.ts";
import { compactNumber, formatPrice } from "../format/numbers.ts";
import type { GameCard } from "../queries/catalog.ts";

/**
 * A game as the Overview and Game Tracking show it (spec §2: name, platform, genre, players, price, rating);
 * its name opens the game's page.
 */
export function GameCardView({ game, action }: { game: GameCard; action?: ReactNode }) {
  return (
    <Card className="flex gap-4 p-4" data-testid="game-card">
      <ImageWithFallback
        src={game.imageUrl ?? undefined}
        alt={`${game.gameName} cover`}
        className="h-20 w-16 shrink-0 rounded-md"
      />
      <div className="min-w-0 flex-1">
        <Link
          href={`/games/${encodeURIComponent(game.gameId)}`}
          className="block truncate font-semibold hover:underline"
          title={game.gameName}
        >
          {game.gameName}
        </Link>
        <div className="mt-1 flex flex-wrap gap-1">
          {game.platform && <Badge variant="secondary">{game.platform}</Badge>}
          {game.genre && <Badge variant="outline">{game.genre}</Badge>}
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
          <div className="flex items-center gap-1">
            <Users className="size-3" aria-hidden="true" />
            <dt className="sr-only">Players</dt>
            <dd>{game.playerCount == null ? "–" : `${compactNumber(game.playerCount)} players`}</dd>
          </div>
          <div>
            <dt className="sr-only">Price</dt>
            <dd>{formatPrice(game.price)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <Star className="size-3" aria-hidden="true" />
            <dt className="sr-only">Rating</dt>
            <dd>{game.rating == null ? "–" : `${game.rating.toFixed(1)}/5`}</dd>
          </div>
          {game.growth != null && (
            <div className={game.growth >= 0 ? "text-success" : "text-destructive"}>
              <dt className="sr-only">Growth</dt>
              <dd>
                {game.growth >= 0 ? "+" : ""}
                {(game.growth * 100).toFixed(1)}% players
              </dd>
            </div>
          )}
        </dl>
      </div>
      {action && <div className="flex shrink-0 items-start">{action}</div>}
    </Card>
  );
}

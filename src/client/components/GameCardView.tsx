import { Star, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { type GrowthBasis, growthMethod } from "../../contracts/growth-basis.ts";
import {
  PLAYER_FIGURE_LABELS,
  type PlayersFigureWords,
  peakDays,
  shownPlayersFigure,
} from "../../contracts/player-figures.ts";
import { conversionText } from "../../contracts/price-conversion.ts";
import { RATING_LABELS, ratingCountText, ratingValueText } from "../../contracts/rating-figure.ts";
import { Badge } from "../../ui/badge/index.ts";
import { Card } from "../../ui/card/index.ts";
import { ImageWithFallback } from "../../ui/image-with-fallback/index.ts";
import { SourceNote } from "../../ui/source-note/index.ts";
import { formatDay, formatMonth } from "../format/dates.ts";
import { formatPlayers, formatPrice } from "../format/numbers.ts";
import type { GameCard } from "../queries/catalog.ts";
import { figureNotes } from "./figure-sources.ts";

/** A monthly mean's name (the 7-day average is "avg. players, 7 days"). */
const MONTH_AVERAGE_LABEL = "avg. players";

/**
 * The latest players figure as the cards write it: a count with its day ("48.6K players, Nov 22"); a
 * monthly average (SteamCharts, dated the 1st) with its month ("48.6K avg. players, Feb 2022"), never as
 * if it were the count of its first day.
 */
export function latestPlayersText(latest: PlayersFigureWords): string {
  // A game with daily peaks only: its peak, named as the game page names it, with its own source (it may
  // be another's than the counts'): "39.1K peak, 1 day (SteamDB, May 31, 2023)".
  if ("days" in latest)
    return `${formatPlayers(latest.value)} ${PLAYER_FIGURE_LABELS.peak}, ${peakDays(latest.days)} (${latest.source}, ${formatDay(new Date(latest.at))})`;
  return latest.period === "month"
    ? `${formatPlayers(latest.value)} ${MONTH_AVERAGE_LABEL}, ${formatMonth(latest.at, latest.partial)}`
    : `${formatPlayers(latest.value)} ${PLAYER_FIGURE_LABELS.latest}, ${formatDay(new Date(latest.at))}`;
}

/** A card's platforms: every one the answer gives (search, trending, the watchlist), else `platform` alone. */
export function cardPlatforms(game: Pick<GameCard, "platform" | "platforms">): string[] {
  return game.platforms?.length ? game.platforms : game.platform ? [game.platform] : [];
}

/**
 * What a growth figure compares, after it: "avg. players, latest month vs. the month before", and
 * "latest month (partial)" where the source's data ends inside that month.
 */
export function growthLabel(basis: GrowthBasis | undefined, partial?: boolean): string {
  return basis ? growthMethod(basis, partial) : "vs. the period before";
}

/**
 * A game as the Overview and Game Tracking show it (spec §2: name, platform, genre, players, price,
 * rating); its name opens the game's page. Players are the latest count, named with its time; the
 * tooltip gives the 7-day average and peak (src/server/catalog/player-figures.ts). The footnote names
 * the figures' source and date.
 */
export function GameCardView({ game, action }: { game: GameCard; action?: ReactNode }) {
  const rating = game.ratingFigure;
  const players = game.players;
  const shown = shownPlayersFigure(players);
  const playersTitle = players
    ? [
        players.latest &&
          `${players.latest.period === "month" ? `${MONTH_AVERAGE_LABEL}, ${formatMonth(players.latest.at, players.latest.partial)}` : PLAYER_FIGURE_LABELS.latest}: ${players.latest.value.toLocaleString("en-US")}`,
        players.average &&
          `${PLAYER_FIGURE_LABELS.average}: ${players.average.value.toLocaleString("en-US")}`,
        players.peak &&
          `${PLAYER_FIGURE_LABELS.peak}, ${formatDay(new Date(players.peak.at))}: ${players.peak.value.toLocaleString("en-US")}`,
      ]
        .filter(Boolean)
        .join(" · ")
    : "No player history yet";
  const notes = [...figureNotes(game), players?.provenance].filter((p) => p != null);
  const platforms = cardPlatforms(game);
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
          {game.isDemo && <Badge variant="outline">demo</Badge>}
          {/* Up to 3 platforms plus "+N" (the games database's cards, spec §8): a search's same-named
              entries ("PS4, XOne" beside "PS3, X360") are told apart. The rest are named on hover. */}
          {platforms.slice(0, 3).map((p) => (
            <Badge key={p} variant="secondary">
              {p}
            </Badge>
          ))}
          {platforms.length > 3 && (
            <Badge variant="outline" title={platforms.slice(3).join(", ")}>
              +{platforms.length - 3}
            </Badge>
          )}
          {game.genre && <Badge variant="outline">{game.genre}</Badge>}
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
          <div className="flex items-center gap-1" title={playersTitle}>
            {/* Fixed size: a figure wrapping to two lines squeezed the icon smaller (review r25 #8). */}
            <Users className="size-3 shrink-0" aria-hidden="true" />
            <dt className="sr-only">Players</dt>
            <dd>
              {/* The figure every list gives as playerCount: the count, or a peak-only game's peak as a peak. */}
              {shown
                ? latestPlayersText(shown)
                : game.playerCount == null
                  ? "no player history"
                  : `${formatPlayers(game.playerCount)} ${PLAYER_FIGURE_LABELS.latest}`}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Price</dt>
            <dd>
              {formatPrice(game.price)}
              {/* A price its source gave in GBP says so on the card (review r18a, item 1). */}
              {game.priceConversion && (
                <span className="block text-muted-foreground text-xs" data-testid="converted-price">
                  {conversionText(game.priceConversion)}
                </span>
              )}
            </dd>
          </div>
          <div
            className="flex items-center gap-1"
            title={rating ? (ratingCountText(rating) ?? undefined) : undefined}
          >
            <Star className="size-3 shrink-0" aria-hidden="true" />
            {/* The label is the figure's name ("User reviews", "Critic score"), shown with it. */}
            <dt className={rating ? undefined : "sr-only"}>
              {rating ? RATING_LABELS[rating.kind] : "Rating"}
            </dt>
            <dd>{rating ? ratingValueText(rating) : "no rating"}</dd>
          </div>
          {game.growth != null && (
            <div className={game.growth >= 0 ? "text-success" : "text-destructive"}>
              <dt className="sr-only">Growth</dt>
              <dd>
                {game.growth >= 0 ? "+" : ""}
                {(game.growth * 100).toFixed(1)}% {growthLabel(game.growthBasis, game.growthPartial)}
              </dd>
            </div>
          )}
        </dl>
        {notes.length > 0 && <SourceNote provenance={notes} className="mt-2" />}
      </div>
      {action && <div className="flex shrink-0 items-start">{action}</div>}
    </Card>
  );
}

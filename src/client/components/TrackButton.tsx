import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Plus } from "lucide-react";
import { Button } from "../../ui/button/index.ts";
import { toast } from "../../ui/toast/toast-store.ts";
import { apiRequest } from "../api.ts";
import { userStatsQuery } from "../queries/auth.ts";
import { userGamesQuery } from "../queries/catalog.ts";
import { addFailedText } from "./watchlist-add-error.ts";

/** Track / Tracked for one game: adds it to the watchlist, says so once it is there. */
export function TrackButton({ gameId, gameName }: { gameId: string; gameName: string }) {
  const queryClient = useQueryClient();
  const watchlist = useQuery(userGamesQuery);
  const tracked = (watchlist.data ?? []).some((g) => g.gameId === gameId);
  const add = useMutation({
    mutationFn: () => apiRequest("POST", "/api/user/games", { gameId, gameName, isWatchlisted: true }),
    onSuccess: () =>
      toast({ title: "Added to Watchlist", description: "Game has been added to your watchlist" }),
    onError: (error) => toast({ title: "Error", description: addFailedText(error), variant: "destructive" }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userGamesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: userStatsQuery.queryKey });
    },
  });
  return (
    <Button
      variant={tracked ? "secondary" : "default"}
      disabled={tracked || watchlist.isLoading}
      // Once tracked the focus stays here, on "Tracked", rather than falling to the page (review 22).
      focusableWhenDisabled
      loading={add.isPending}
      onClick={() => add.mutate()}
    >
      {tracked ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
      {tracked ? "Tracked" : "Track"}
    </Button>
  );
}

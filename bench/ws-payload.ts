/** The update every server of bench/ws-broadcast.bench.ts broadcasts: a trending list of 6 games. */
export const broadcastPayload = (seq: number) => ({
  seq,
  games: Array.from({ length: 6 }, (_, i) => ({
    id: `g${i}`,
    gameName: `Game ${i}`,
    playerCount: 1000 * i,
    platform: "Steam",
  })),
});

/**
 * Stored series carry a short source id ("steamspy-csv"); screens name the source as a person reads it
 * (contracts/provenance.ts). An id not listed here is answered as it is stored.
 */
const NAMES: Record<string, string> = {
  demo: "Demo data (generated, not real)",
  "steam-api": "Steam",
  "steamspy-api": "Steam via SteamSpy",
  "steamspy-csv": "Steam via SteamSpy (dataset)",
  "steam-store-csv": "Steam Store Games (Kaggle, CC BY 4.0)",
  "steamcharts-csv": "SteamCharts",
  "vgsales-csv": "VGChartz sales dataset",
  "twitch-sullygnome": "Twitch via SullyGnome",
  "esports-earnings": "Esports Earnings",
  igdb: "IGDB",
  newzoo: "Newzoo",
};

export function sourceName(id: string): string {
  return NAMES[id] ?? id;
}

import { renderToString } from "react-dom/server";
import { LandingPage } from "./LandingPage.tsx";
import type { ProviderId } from "./signin-texts.ts";

export interface LandingAssets {
  scripts: string[];
  styles: string[];
}

const TITLE = "Gaming Intelligence — market analytics for game studios";
const DESCRIPTION =
  "Real-time market intelligence, game tracking, AI predictions and 10+ years of historical player, review, revenue and esports data for game studios.";

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The whole landing document, rendered on the server; only the island script runs on the client. */
export function renderLandingPage(
  assets: LandingAssets,
  publicUrl?: string,
  configuredProviders: readonly ProviderId[] = [],
): string {
  const body = renderToString(<LandingPage configuredProviders={configuredProviders} />);
  const url = publicUrl ? `<meta property="og:url" content="${escapeAttr(publicUrl)}" />` : "";
  return `<!doctype html>
<html lang="en" class="dark">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>${TITLE}</title>
<meta name="description" content="${escapeAttr(DESCRIPTION)}" />
<meta property="og:type" content="website" />
<meta property="og:site_name" content="Gaming Intelligence" />
<meta property="og:title" content="${escapeAttr(TITLE)}" />
<meta property="og:description" content="${escapeAttr(DESCRIPTION)}" />
${url}
<meta name="twitter:card" content="summary" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
${assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}" />`).join("\n")}
${assets.scripts.map((src) => `<script type="module" src="${escapeAttr(src)}"></script>`).join("\n")}
</head>
<body>${body}</body>
</html>`;
}

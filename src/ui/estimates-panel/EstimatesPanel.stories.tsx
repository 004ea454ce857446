import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { GameEstimate } from "../../contracts/estimates.ts";
import { EstimatesPanel } from "./EstimatesPanel.tsx";

const NOW = Date.parse("2026-11-23T12:00:00Z");

/** Portal 2 as the estimator answers it from the Steam Store Games snapshot (model owners-1.817c91a5). */
const portal2: GameEstimate = {
  gameId: "portal-2",
  gameName: "Portal 2",
  owners: { low: 11_000_000, mid: 14_100_000, high: 17_900_000 },
  unitsSold: { low: 9_900_000, mid: 12_700_000, high: 16_100_000 },
  revenue: {
    gross: { low: 90_400_000, mid: 116_000_000, high: 147_000_000 },
    net: { low: 35_600_000, mid: 46_500_000, high: 59_700_000 },
    currency: "USD",
  },
  methods: [
    {
      name: "review-model",
      label: "Review model",
      owners: { low: 6_330_000, mid: 13_400_000, high: 28_400_000 },
      weight: 0.105,
      detail:
        "140,111 reviews × 96 (fitted multiplier for this game's release year, price, genres and positive share)",
    },
    {
      name: "owners-band",
      label: "Owners band",
      owners: { low: 10_900_000, mid: 14_100_000, high: 18_300_000 },
      weight: 0.895,
      detail: "Steam Store Games dataset (Steam and SteamSpy): 10,000,000 .. 20,000,000 owners (2019-05-01)",
    },
  ],
  modelVersion: "owners-1.817c91a5",
  asOf: "2019-05-01T00:00:00.000Z",
  computedAt: "2026-11-23T17:43:05.112Z",
  lowSignal: false,
  covered: true,
  notes: [],
  inputs: {
    positiveReviews: 138_220,
    negativeReviews: 1_891,
    priceUsd: 9.13,
    releaseYear: 2011,
    genres: ["Action", "Adventure"],
    tags: ["Puzzle", "Co-op", "First-Person"],
    ownersBand: {
      low: 10_000_000,
      high: 20_000_000,
      source: "Steam Store Games dataset (Steam and SteamSpy)",
      asOf: "2019-05-01T00:00:00.000Z",
    },
    playerSeries: null,
    peakPlayers: 82_114,
  },
  inputSources: {
    reviews: { source: "Steam Store Games dataset (Steam and SteamSpy)", asOf: "2019-05-01T00:00:00.000Z" },
    price: { source: "Steam", asOf: "2026-11-20T00:00:00.000Z" },
    peakPlayers: { source: "SteamCharts", asOf: "2011-04-01T00:00:00.000Z" },
  },
  provenance: {
    source: "Steam Store Games dataset (Steam and SteamSpy)",
    asOf: "2019-05-01T00:00:00.000Z",
    method: "Blend of review model (11 %), owners band (90 %); model owners-1.817c91a5",
  },
};

const meta = {
  title: "Kit/EstimatesPanel",
  component: EstimatesPanel,
  tags: ["autodocs"],
  args: { estimate: portal2, now: NOW },
} satisfies Meta<typeof EstimatesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    // The card's title is an h2: its parts are h3, with no level skipped (review 23: they were h4).
    await expect(canvas.getByRole("heading", { level: 2, name: "Sales estimates" })).toBeVisible();
    await expect(canvas.getByRole("heading", { level: 3, name: "Methods" })).toBeVisible();
    await expect(canvas.getByRole("heading", { level: 3, name: "Inputs used" })).toBeVisible();
    const owners = within(canvas.getByText("Owners").closest("[data-slot=estimate-row]") as HTMLElement);
    await expect(owners.getByText("14.1M")).toBeVisible();
    await expect(owners.getByText("P10 11M")).toBeVisible();
    await expect(owners.getByText("P90 17.9M")).toBeVisible();
    await expect(canvas.getByText("$116M")).toBeVisible();
    await expect(canvas.getByText("90 %")).toBeVisible();
    await expect(canvas.getByText("Review model")).toBeVisible();
    await expect(
      canvas.getByText(/10,000,000 \.\. 20,000,000 \(Steam Store Games.*, May 2019\)/),
    ).toBeVisible();
    // Each input with its own source and time: the inputs may be years apart.
    await expect(
      canvas.getByText(
        "138,220 positive, 1,891 negative (Steam Store Games dataset (Steam and SteamSpy), May 2019)",
      ),
    ).toBeVisible();
    await expect(canvas.getByText("$9.13 (Steam, Nov 20, 2026)")).toBeVisible();
    await expect(canvas.getByText("82,114 (SteamCharts, Apr 2011): a floor under owners")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "How these estimates are made" })).toHaveAttribute(
      "href",
      "/methodology",
    );
    await expect(canvas.getByText("model owners-1.817c91a5")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: /Export CSV/ })).toBeNull();
  },
};

/**
 * On the game page the Methods table has an Export CSV, as every table there does (review r33-a #2);
 * a panel given no file name (a story, another screen) shows none.
 */
export const MethodsExport: Story = {
  args: { exportFileName: "portal-2_estimate-methods" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Export CSV of Methods" })).toBeEnabled();
  },
};

/** The space a 390 px phone leaves the panel (the page's and the card's padding aside). */
const PHONE_WIDTH = 342;

/** Where a cell's text is drawn (its box is wider than the words in a right-aligned column). */
function textBox(cell: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return range.getBoundingClientRect();
}

/** On a phone: the Methods table's headers and figures stand apart, and nothing runs past the card. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: PHONE_WIDTH }}>
        <Story />
      </div>
    ),
  ],
  args: {
    estimate: {
      ...portal2,
      methods: [
        {
          name: "review-model",
          label: "Review model",
          owners: { low: 449_000_000, mid: 949_000_000, high: 2_000_000_000 },
          weight: 0.1,
          detail: portal2.methods[0]!.detail,
        },
        { ...portal2.methods[1]!, weight: 0.9 },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const table = canvasElement.querySelector("[data-slot=estimate-methods]") as HTMLTableElement;
    const headers = [...table.querySelectorAll("thead th")].map(textBox);
    for (let i = 1; i < headers.length; i++) {
      await expect(headers[i]!.left - headers[i - 1]!.right).toBeGreaterThanOrEqual(8);
    }
    const figures = [...table.querySelectorAll("tbody tr:first-child td")].slice(0, 3).map(textBox);
    for (let i = 1; i < figures.length; i++) {
      await expect(figures[i]!.left - figures[i - 1]!.right).toBeGreaterThanOrEqual(8);
    }
    await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.querySelector("[data-slot=estimates-panel]")!.getBoundingClientRect().right,
    );
  },
};

/** CS:GO's 7.4M reviews are beyond what the review model was fitted on: that row has no figure and weighs 0. */
export const OutsideFittedRange: Story = {
  args: {
    estimate: {
      ...portal2,
      methods: [
        {
          name: "review-model",
          label: "Review model",
          owners: null,
          weight: 0,
          detail:
            "Outside the fitted range: 7,400,000 reviews, more than any of the games it was fitted on (up to 3,046,717). No figure and no weight: the other methods make the estimate",
        },
        { ...portal2.methods[1]!, weight: 1 },
      ],
    },
  },
  play: async ({ canvas }) => {
    const row = within(canvas.getByRole("rowheader", { name: "Review model" }).closest("tr") as HTMLElement);
    await expect(row.getByText("no figure (outside the fitted range)")).toBeVisible();
    await expect(row.getByText("0 %")).toBeVisible();
    await expect(canvas.getByText(/^Outside the fitted range: 7,400,000 reviews/)).toBeVisible();
  },
};

export const LowSignal: Story = {
  args: {
    estimate: {
      ...portal2,
      owners: { low: 134, mid: 1_010, high: 7_600 },
      unitsSold: { low: 121, mid: 909, high: 6_840 },
      revenue: {
        gross: { low: 1_210, mid: 9_080, high: 68_300 },
        net: { low: 451, mid: 3_390, high: 25_500 },
        currency: "USD",
      },
      methods: [
        {
          ...portal2.methods[0]!,
          owners: { low: 134, mid: 1_010, high: 7_600 },
          weight: 1,
          detail: "3 reviews × 340",
        },
      ],
      lowSignal: true,
      notes: [
        "Only 3 reviews, no monthly player series of 3 months or more, no owners band: the range is wide, not a point figure.",
      ],
      inputs: {
        ...portal2.inputs,
        positiveReviews: 2,
        negativeReviews: 1,
        ownersBand: null,
        peakPlayers: undefined,
      },
    },
  },
  play: async ({ canvas }) => {
    // The estimate's notes stand with it: a note, not an alert read out on load (review r29-c #8).
    await expect(canvas.getByRole("note")).toHaveTextContent(/wide, not a point figure/);
    await expect(canvas.queryByRole("alert")).toBeNull();
    // Issue 11, "never a false point": each figure leads with its P10–P90 range, and no P50 is given
    // or marked (report r10-b #6).
    const owners = within(canvas.getByText("Owners").closest("[data-slot=estimate-row]") as HTMLElement);
    await expect(owners.getByText("134 – 7.6K")).toBeVisible();
    await expect(canvas.getByText("$1.21K – $68.3K")).toBeVisible();
    await expect(canvas.queryByText("1.01K", { selector: "[data-slot=estimate-row] *" })).toBeNull();
    await expect(canvas.queryByText("$9.08K")).toBeNull();
    await expect(owners.getByRole("img")).toHaveAccessibleName("Owners: P10 to P90 range");
    await expect(canvas.getByText(/with no single figure/)).toBeVisible();
    // No owners band, no player series and no players counted.
    await expect(canvas.getAllByText("none", { selector: "dd" })).toHaveLength(3);
  },
};

export const ReviewsUnknown: Story = {
  args: {
    estimate: {
      ...portal2,
      owners: { low: 227, mid: 5_870, high: 152_000 },
      unitsSold: { low: 204, mid: 5_280, high: 137_000 },
      revenue: { gross: null, net: null, currency: "USD" },
      methods: [
        {
          name: "catalog-spread",
          label: "Catalog spread",
          owners: { low: 227, mid: 5_870, high: 152_000 },
          weight: 1,
          detail:
            "No reviews, player series or owners band with a lower end known: the spread of owners across the 27,075 games of steam-store-games.csv, not a figure for this game",
        },
      ],
      lowSignal: true,
      notes: [
        "Reviews unknown, no monthly player series of 3 months or more, no owners band: the range is the spread of owners across Steam games; it is wide, not a point figure.",
      ],
      inputs: {
        ...portal2.inputs,
        positiveReviews: null,
        negativeReviews: null,
        priceUsd: null,
        ownersBand: null,
        playerSeries: null,
      },
    },
  },
  play: async ({ canvas }) => {
    // The estimate's notes stand with it: a note, not an alert read out on load (review r29-c #8).
    await expect(canvas.getByRole("note")).toHaveTextContent(/Reviews unknown/);
    await expect(canvas.queryByRole("alert")).toBeNull();
    // Unknown reviews read "unknown", not "none" (which would say 0 reviews).
    await expect(canvas.getByText("Reviews", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      "unknown",
    );
    await expect(canvas.getByText(/not a figure for this game/)).toBeInTheDocument();
  },
};

export const FreeToPlay: Story = {
  args: {
    estimate: {
      ...portal2,
      unitsSold: { low: 0, mid: 0, high: 0 },
      revenue: { gross: { low: 0, mid: 0, high: 0 }, net: { low: 0, mid: 0, high: 0 }, currency: "USD" },
      notes: ["Free to play: no copies are sold; in-game purchases are not estimated."],
      inputs: { ...portal2.inputs, priceUsd: 0 },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/in-game purchases are not estimated/)).toBeVisible();
    await expect(canvas.getByText("free (Steam, Nov 20, 2026)")).toBeVisible();
    // No $0 bars read as a measurement: units and revenue say why there is no figure.
    await expect(canvas.getByText("none (free to play)")).toBeVisible();
    await expect(canvas.getAllByText("not estimated (free to play)")).toHaveLength(2);
    await expect(canvas.queryByText("$0")).toBeNull();
  },
};

export const UnknownPrice: Story = {
  args: {
    estimate: {
      ...portal2,
      revenue: { gross: null, net: null, currency: "USD" },
      notes: ["Price unknown: units are estimated, revenue is not."],
      inputs: { ...portal2.inputs, priceUsd: null },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("unknown (no price)")).toHaveLength(2);
  },
};

/** Wii Sports as the store answers it: the model does not cover it, so the answer carries no figure. */
const wiiSports: GameEstimate = {
  ...portal2,
  gameId: "wii-sports",
  gameName: "Wii Sports",
  owners: null,
  unitsSold: null,
  revenue: { gross: null, net: null, currency: "USD" },
  methods: [],
  lowSignal: true,
  covered: false,
  notes: [
    "This entry is not a Steam app, and no Steam reviews, owners band or player figures are known for it: the owners model covers Steam games, so it gives no estimate for this entry.",
  ],
  inputs: {
    ...portal2.inputs,
    positiveReviews: null,
    negativeReviews: null,
    priceUsd: null,
    releaseYear: 2006,
    genres: ["Sports"],
    ownersBand: null,
  },
};

export const NotOnSteam: Story = {
  args: {
    estimate: wiiSports,
    published: {
      units: 82_740_000,
      provenance: [
        {
          source: "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)",
          asOf: "2016-12-22T00:00:00.000Z",
        },
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/owners model covers Steam games/)).toBeVisible();
    await expect(canvas.getByText("82.74M")).toBeVisible();
    await expect(
      canvas.getByText(/VGChartz sales dataset \(Video_Games_Sales_as_at_22_Dec_2016\.csv\) · Dec 2016/),
    ).toBeVisible();
    // None of the Steam catalog's spread is shown as this game's figures.
    for (const figure of ["5.87K", "5.28K", "P10 204", "P90 137K", "Catalog spread"]) {
      await expect(canvas.queryByText(figure)).toBeNull();
    }
    await expect(canvas.queryByText(/model owners-/)).toBeNull();
  },
};

export const NotOnSteamWithoutSales: Story = {
  args: { estimate: wiiSports, published: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/owners model covers Steam games/)).toBeVisible();
    await expect(canvas.getByText("No published sales figure for this game either.")).toBeVisible();
    await expect(canvas.queryByText("5.28K")).toBeNull();
  },
};

export const Loading: Story = {
  args: { estimate: undefined, loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText("Loading estimates")).toBeVisible();
  },
};

export const ErrorState: Story = {
  args: { estimate: undefined, error: "404: No game with that id in the catalog" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("alert")).toHaveTextContent(/could not be loaded/);
  },
};

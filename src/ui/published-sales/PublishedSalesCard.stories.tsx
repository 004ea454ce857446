import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PublishedSalesCard, publishedUnits } from "./PublishedSalesCard.tsx";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const VGSALES = "VGChartz sales dataset (vgsales.csv)";
const DEC_2016 = "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)";
const METHOD = "Units sold as the dataset publishes them (millions, to two decimals), summed over platforms";

/** Wii Sports in vgsales.csv (which states no date): one platform. */
const wiiSports = {
  units: 82_740_000,
  regions: { northAmerica: 41_490_000, europe: 29_020_000, japan: 3_770_000, other: 8_460_000 },
  platforms: [
    {
      platform: "Wii",
      year: 2006,
      units: 82_740_000,
      regions: { northAmerica: 41_490_000, europe: 29_020_000, japan: 3_770_000, other: 8_460_000 },
      source: VGSALES,
      asOf: null,
    },
  ],
  provenance: [{ source: VGSALES, asOf: null, method: METHOD }],
};

const meta = {
  title: "Kit/PublishedSalesCard",
  component: PublishedSalesCard,
  tags: ["autodocs"],
  args: { sales: wiiSports, now: NOW },
} satisfies Meta<typeof PublishedSalesCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnePlatform: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText("82.74M")).toBeVisible();
    const regions = within(canvas.getByLabelText("By region"));
    await expect(regions.getByText("North America").nextElementSibling).toHaveTextContent("41.49M");
    await expect(regions.getByText("Other regions").nextElementSibling).toHaveTextContent("8.46M");
    await expect(canvas.getByText("Wii, released 2006")).toBeVisible();
    await expect(canvas.getByText(/not an estimate/)).toBeVisible();
    // No date in the file: the note says so instead of leaving the date out.
    await expect(
      canvas.getByText(
        /Source: VGChartz sales dataset \(vgsales\.csv\), undated \(the file states no date\)/,
      ),
    ).toBeVisible();
  },
};

/**
 * Modern Warfare 3 with the Dec 2016 file imported first, then vgsales.csv (dated by --as-of): the
 * larger figure of each platform wins; PC's 1.72M is the same in both, so it stays the 2016 file's.
 */
/** The platform table's columns, in order. */
const REGION_COLUMNS = ["Platform", "Year", "North America", "Europe", "Japan", "Other regions", "Units"];

export const SeveralPlatformsAndFiles: Story = {
  args: {
    sales: {
      units: 30_830_000,
      regions: { northAmerica: 15_580_000, europe: 11_290_000, japan: 620_000, other: 3_020_000 },
      regionsNotGiven: { northAmerica: 0, europe: 0, japan: 0, other: 1 },
      platforms: [
        {
          platform: "X360",
          year: 2011,
          units: 14_760_000,
          regions: { northAmerica: 9_030_000, europe: 4_280_000, japan: 130_000, other: 1_320_000 },
          source: VGSALES,
          asOf: "2016-10-26T00:00:00.000Z",
        },
        {
          platform: "PS3",
          year: 2011,
          units: 13_460_000,
          regions: { northAmerica: 5_540_000, europe: 5_820_000, japan: 490_000, other: 1_620_000 },
          source: VGSALES,
          asOf: "2016-10-26T00:00:00.000Z",
        },
        {
          platform: "PC",
          year: 2011,
          units: 1_720_000,
          regions: { northAmerica: 410_000, europe: 980_000, japan: 0, other: null },
          source: DEC_2016,
          asOf: "2016-12-22T00:00:00.000Z",
        },
        {
          platform: "Wii",
          year: 2011,
          units: 890_000,
          regions: { northAmerica: 600_000, europe: 210_000, japan: 0, other: 80_000 },
          source: VGSALES,
          asOf: "2016-10-26T00:00:00.000Z",
        },
      ],
      provenance: [
        { source: DEC_2016, asOf: "2016-12-22T00:00:00.000Z", method: METHOD },
        { source: VGSALES, asOf: "2016-10-26T00:00:00.000Z", method: METHOD },
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("30.83M")).toBeVisible();
    const table = within(canvas.getByRole("table", { name: "Units sold by platform" }));
    await expect(table.getAllByRole("row")).toHaveLength(5);
    await expect(table.getByText("14.76M")).toBeVisible();
    // Each number column's header lines up with its figures, on the right (review r18a, item 9).
    for (const name of ["North America", "Europe", "Japan", "Other regions", "Units"]) {
      await expect(table.getByRole("columnheader", { name })).toHaveClass(/\btext-right\b/);
      await expect(table.getAllByRole("cell")[REGION_COLUMNS.indexOf(name)]).toHaveClass(/\btext-right\b/);
    }
    await expect(table.getByRole("columnheader", { name: "Platform" })).not.toHaveClass(/\btext-right\b/);
    // A region the file does not give is named as such; the region's total sums the platforms that
    // give it and says how many do not.
    await expect(table.getByText("not given")).toBeVisible();
    const regions = within(canvas.getByLabelText("By region"));
    await expect(regions.getByText("Other regions").nextElementSibling).toHaveTextContent("3.02M");
    await expect(regions.getByText("excludes 1 platform that does not give it")).toBeVisible();
    await expect(regions.queryAllByText(/^excludes/)).toHaveLength(1);
    await expect(
      canvas.getByText(/Dec 2016; VGChartz sales dataset \(vgsales\.csv\) · Oct 2016/),
    ).toBeVisible();
  },
};

/**
 * On the game page the card's platform table has an Export CSV, as every table there does (review
 * r33-a #2); a company total (no file name given) shows none.
 */
export const PlatformsExport: Story = {
  args: { ...SeveralPlatformsAndFiles.args, exportFileName: "modern-warfare-3_units-sold-published" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Export CSV of Units sold (published)" })).toBeEnabled();
  },
};

/** Nintendo's games in vgsales.csv summed (703 rows, 667 names): no platform table. */
export const CompanyTotal: Story = {
  args: {
    title: "Units sold (published)",
    description: "667 games, as the sales datasets published them; not added to the estimates.",
    sales: {
      units: 1_786_560_000,
      regions: { northAmerica: 816_870_000, europe: 418_740_000, japan: 455_420_000, other: 95_330_000 },
      provenance: [{ source: VGSALES, asOf: null, method: METHOD }],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("1,786.56M")).toBeVisible();
    await expect(canvas.queryByRole("table")).toBeNull();
    await expect(canvas.getByText(/667 games/)).toBeVisible();
  },
};

/** Nintendo with the Dec 2016 file imported too: its rows give no Other sales, so Other sums the rest. */
export const CompanyTotalWithRegionGap: Story = {
  args: {
    ...CompanyTotal.args,
    sales: {
      units: 1_798_820_000,
      regions: { northAmerica: 822_000_000, europe: 419_800_000, japan: 460_700_000, other: 95_290_000 },
      regionsNotGiven: { northAmerica: 0, europe: 0, japan: 0, other: 12 },
      provenance: [{ source: VGSALES, asOf: null, method: METHOD }],
    },
  },
  play: async ({ canvas }) => {
    const regions = within(canvas.getByLabelText("By region"));
    await expect(regions.getByText("Other regions").nextElementSibling).toHaveTextContent("95.29M");
    await expect(regions.getByText("excludes 12 rows that do not give it")).toBeVisible();
  },
};

/** A company total counting rows stored before each row's publisher was recorded: the card says so. */
export const CompanyTotalWithRowsByGame: Story = {
  args: {
    ...CompanyTotal.args,
    note: "3 rows from before the sales file recorded each row's publisher: re-import it to attribute them",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("1,786.56M")).toBeVisible();
    await expect(canvas.getByText(/^3 rows from before the sales file recorded/)).toBeVisible();
  },
};

export const Formatting: Story = {
  play: async () => {
    await expect(publishedUnits(10_000)).toBe("0.01M");
    await expect(publishedUnits(82_740_000)).toBe("82.74M");
    await expect(publishedUnits(33_000_000)).toBe("33.00M");
  },
};

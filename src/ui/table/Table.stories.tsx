import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { RoleBadge, TierBadge } from "../badge/Badge.tsx";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { DataTable, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./Table.tsx";

const USERS = [
  { email: "ada@studio.example", role: "admin", tier: "enterprise", joined: "2026-01-04" },
  { email: "lin@studio.example", role: "premium", tier: "professional", joined: "2026-03-18" },
  { email: "sam@studio.example", role: "regular", tier: "starter", joined: "2026-11-02" },
] as const;

const meta = {
  title: "Kit/Table",
  component: Table,
  tags: ["autodocs"],
  render: () => (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>User</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Tier</TableHead>
          <TableHead>Joined</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {USERS.map((u) => (
          <TableRow key={u.email}>
            <TableCell>{u.email}</TableCell>
            <TableCell>
              <RoleBadge userRole={u.role} />
            </TableCell>
            <TableCell>
              <TierBadge tier={u.tier} />
            </TableCell>
            <TableCell>{u.joined}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  ),
} satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Users: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("row")).toHaveLength(4);
    await expect(canvas.getByRole("columnheader", { name: "Role" })).toBeVisible();
    // Role and tier badges read in upper case, as the admin screen shows them.
    await expect(canvas.getByText("STARTER")).toBeVisible();
    await expect(canvas.getByText("REGULAR")).toBeVisible();
  },
};

/** No rows: one full-width row with an honest empty state instead of a bare header. */
export const Empty: Story = {
  render: () => (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>User</TableHead>
          <TableHead>Role</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell colSpan={2}>
            <EmptyState title="No users found" description="Try another search." />
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("row")).toHaveLength(2);
    await expect(canvas.getByText("No users found")).toBeVisible();
  },
};

const GENRES = [
  { category: "Action", players: 412_000, change: 4.2 },
  { category: "Strategy", players: 98_500, change: -3.1 },
];

/** DataTable: the same table described by its columns; a cell class can depend on the row. */
export const Columns: Story = {
  render: () => (
    <DataTable
      aria-label="Genres"
      rows={GENRES}
      rowKey={(g) => g.category}
      columns={[
        { header: "Genre", cell: (g) => g.category },
        { header: "Players", cell: (g) => g.players.toLocaleString("en-US") },
        {
          header: "Change",
          cell: (g) => `${g.change > 0 ? "+" : ""}${g.change.toFixed(1)}%`,
          className: (g) => (g.change >= 0 ? "text-success" : "text-destructive"),
        },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Genres" });
    await expect(table).toBeVisible();
    await expect(canvas.getAllByRole("row")).toHaveLength(3);
    await expect(canvas.getByRole("columnheader", { name: "Change" })).toBeVisible();
    await expect(canvas.getByText("412,000")).toBeVisible();
    await expect(canvas.getByText("-3.1%")).toHaveClass("text-destructive");
    await expect(canvas.getByText("+4.2%")).toHaveClass("text-success");
  },
};

/**
 * A table wider than its place says so above it (`scrollHint`), and only while columns are out of sight;
 * the line describes the table, along with any description of the caller's (review 24, item 10: the
 * caller's replaced it). Review 23: under the screener's 50 rows a phone user never saw it.
 */
export const ScrollHint: Story = {
  render: () => (
    <div style={{ width: 320 }}>
      <p id="wide-source">Players: Steam, last 30 days.</p>
      <Table
        aria-label="Wide"
        aria-describedby="wide-source"
        scrollHint="Scroll the table sideways to see every game."
      >
        <TableHeader>
          <TableRow>
            {["Figure", "Counter-Strike: Global Offensive", "Dota 2", "Team Fortress 2", "Terraria"].map(
              (h) => (
                <TableHead key={h} style={{ whiteSpace: "nowrap" }}>
                  {h}
                </TableHead>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            {["Players", "634.6K avg. players", "450.2K avg. players", "62.1K avg. players", "33.4K"].map(
              (c) => (
                <TableCell key={c} style={{ whiteSpace: "nowrap" }}>
                  {c}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableBody>
      </Table>
      <Table aria-label="Narrow" aria-describedby="wide-source" scrollHint="Never shown: this one fits.">
        <TableBody>
          <TableRow>
            <TableCell>Fits</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </div>
  ),
  play: async ({ canvas }) => {
    const hint = await canvas.findByText("Scroll the table sideways to see every game.");
    await expect(hint).toBeVisible();
    const wide = canvas.getByRole("table", { name: "Wide" });
    await expect(wide).toHaveAccessibleDescription(
      "Scroll the table sideways to see every game. Players: Steam, last 30 days.",
    );
    await expect(hint.compareDocumentPosition(wide) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(canvas.queryByText("Never shown: this one fits.")).toBeNull();
    await expect(canvas.getByRole("table", { name: "Narrow" })).toHaveAttribute(
      "aria-describedby",
      "wide-source",
    );
  },
};

const WIDE = [
  { game: "Counter-Strike: Global Offensive", players: "634.6K avg. players", owners: "50M – 100M" },
  { game: "Team Fortress 2", players: "62.1K avg. players", owners: "20M – 50M" },
];

/**
 * A table wider than its place is a region the keyboard can reach (Tab, then the arrow keys scroll
 * it), named after the table; one that fits adds no tab stop (review r29-c #10: the methodology
 * tables scrolled sideways on a phone, out of reach of a keyboard).
 */
export const ScrollsByKeyboard: Story = {
  render: () => (
    <div style={{ width: 200 }}>
      <DataTable
        aria-label="Owners by game"
        rows={WIDE}
        rowKey={(r) => r.game}
        columns={[
          { header: "Game", cell: (r) => r.game },
          { header: "Players", cell: (r) => r.players },
          { header: "Owners", cell: (r) => r.owners },
        ]}
      />
      <DataTable
        aria-label="Fits"
        rows={[{ n: 1 }]}
        rowKey={(r) => r.n}
        columns={[{ header: "N", cell: (r) => r.n }]}
      />
    </div>
  ),
  play: async ({ canvas }) => {
    const region = await canvas.findByRole("region", { name: "Owners by game" });
    await expect(region).toHaveAttribute("tabindex", "0");
    await expect(region).toContainElement(canvas.getByRole("table", { name: "Owners by game" }));
    region.focus();
    await expect(region).toHaveFocus();
    const fits = canvas.getByRole("table", { name: "Fits" }).parentElement as HTMLElement;
    await expect(fits).not.toHaveAttribute("tabindex");
    await expect(fits).not.toHaveAttribute("role");
  },
};

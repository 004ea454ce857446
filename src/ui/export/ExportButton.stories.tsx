import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ExportCsvButton } from "./ExportButton.tsx";

const meta = {
  title: "Kit/ExportCsvButton",
  component: ExportCsvButton,
  tags: ["autodocs"],
  args: {
    fileName: "top games",
    data: () => ({
      header: ["name", "price (USD)", "released (ISO 8601)"],
      rows: [
        ['Siege, "Redux"', 9.99, "2020-06-15"],
        ["Plain", 1234567.5, null],
      ],
    }),
  },
} satisfies Meta<typeof ExportCsvButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DownloadsRfc4180: Story = {
  play: async ({ canvas, userEvent }) => {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    let lastBlob: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      lastBlob = blob;
      return "blob:story";
    };
    HTMLAnchorElement.prototype.click = function () {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    };
    try {
      await userEvent.click(canvas.getByRole("button", { name: "Export CSV" }));
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    await expect(saved).toHaveLength(1);
    await expect(saved[0]!.name).toBe("top-games.csv");
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    // The byte-order mark is kept (decoding would hide it): spreadsheet programs need it to read UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    await expect(text).toBe(
      '\uFEFFname,price (USD),released (ISO 8601)\r\n"Siege, ""Redux""",9.99,2020-06-15\r\nPlain,1234567.5,\r\n',
    );
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { AlertCircle } from "lucide-react";
import { expect } from "storybook/test";
import { Alert, AlertDescription, AlertTitle } from "./Alert.tsx";

const meta = {
  title: "Kit/Alert",
  component: Alert,
  tags: ["autodocs"],
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Alert>
      <AlertTitle>Demo data</AlertTitle>
      <AlertDescription>These figures are generated for demonstration.</AlertDescription>
    </Alert>
  ),
};

export const Failure: Story = {
  render: () => (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertTitle>Games database unavailable</AlertTitle>
      <AlertDescription>
        Unable to connect to IGDB API. Please check your API credentials and ensure the service is available.
      </AlertDescription>
    </Alert>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("alert")).toHaveTextContent("Unable to connect to IGDB API.");
  },
};

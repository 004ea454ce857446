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

/** A standing note (demo data, a method's caveat): a note, not an alert read out over the page on load. */
export const Default: Story = {
  render: () => (
    <Alert>
      <AlertTitle>Demo data</AlertTitle>
      <AlertDescription>These figures are generated for demonstration.</AlertDescription>
    </Alert>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("note")).toHaveTextContent("These figures are generated");
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};

/** A static warning in the destructive colours is still a note: the colour is not the urgency. */
export const StandingWarning: Story = {
  render: () => (
    <Alert variant="destructive">
      <AlertTitle>The prediction does not beat the naive baseline</AlertTitle>
    </Alert>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("note")).toHaveTextContent("naive baseline");
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};

/** An error that comes of something the user did (a failed load, a refused request) is an alert. */
export const Failure: Story = {
  render: () => (
    <Alert variant="destructive" role="alert">
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

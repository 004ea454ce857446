import "../src/ui/styles.css";
import type { Preview } from "@storybook/react-vite";
import { TooltipProvider } from "../src/ui/index.ts";

const preview: Preview = {
  parameters: {
    layout: "padded",
    backgrounds: { disable: true },
    // Stories fail their test on accessibility violations (axe), not just warn.
    a11y: { test: "error" },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  globalTypes: {
    theme: {
      description: "Theme",
      toolbar: { title: "Theme", icon: "mirror", items: ["dark", "light"], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: "dark" },
  decorators: [
    (Story, context) => {
      const theme = context.globals.theme === "light" ? "light" : "dark";
      document.documentElement.classList.toggle("dark", theme === "dark");
      document.documentElement.classList.toggle("light", theme === "light");
      return (
        <TooltipProvider>
          <div className="bg-background p-4 text-foreground">
            <Story />
          </div>
        </TooltipProvider>
      );
    },
  ],
};
export default preview;

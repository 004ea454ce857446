import type { StorybookConfig } from "@storybook/react-vite";

/** Written by hand (STACK.md): `storybook init` wants the network and a browser download. */
const config: StorybookConfig = {
  stories: ["../src/ui/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    // The app's build settings (two entries, a manifest) are not Storybook's.
    if (viteConfig.build) {
      viteConfig.build.manifest = false;
      delete viteConfig.build.rolldownOptions;
      delete viteConfig.build.outDir;
    }
    return viteConfig;
  },
};
export default config;

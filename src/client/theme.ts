import type { Theme } from "../contracts/settings-options.ts";

/**
 * The saved theme (spec §5: dark, light or auto) applied to <html> at once; remembered locally so the
 * next load paints right before settings arrive (public/theme-init.js reads the same key).
 */
export const THEME_STORAGE_KEY = "gi-theme";

const LIGHT_QUERY = "(prefers-color-scheme: light)";

export function resolveTheme(theme: Theme): "dark" | "light" {
  if (theme !== "auto") return theme;
  return window.matchMedia?.(LIGHT_QUERY).matches ? "light" : "dark";
}

function paint(theme: Theme): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.classList.toggle("light", resolved === "light");
  root.dataset.theme = theme;
}

// With `auto`, the page follows the system when it switches between light and dark while open.
let stopFollowingSystem: (() => void) | null = null;

export function applyTheme(theme: Theme): void {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  paint(theme);
  if (theme === "auto" && window.matchMedia) {
    const media = window.matchMedia(LIGHT_QUERY);
    const onChange = () => paint("auto");
    media.addEventListener("change", onChange);
    stopFollowingSystem = () => media.removeEventListener("change", onChange);
  }
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode); the theme still applies for this page.
  }
}

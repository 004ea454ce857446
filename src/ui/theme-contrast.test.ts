import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

/**
 * The theme's text and fill pairs, as the components write them (`bg-success/15 text-success`), held to
 * WCAG AA: 4.5:1 for text (every pair here is small text, badges and buttons included). The colours
 * are worked out from the tokens in styles.css as a browser does: oklch to sRGB, a `/15` fill laid over
 * the surface it sits on, a text's `opacity-90` likewise. A token change that drops a pair below AA
 * fails here, in both themes, before any page shows it.
 */

const css = readFileSync(new URL("./styles.css", import.meta.url), "utf8");

/** The custom properties declared in the block that opens with `opener`. */
function declarations(opener: string): Map<string, string> {
  const start = css.indexOf(opener);
  if (start < 0) throw new Error(`no ${opener} block in styles.css`);
  const body = css.slice(start + opener.length, css.indexOf("}", start));
  const out = new Map<string, string>();
  for (const m of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) out.set(m[1] as string, (m[2] as string).trim());
  return out;
}

const themes = { light: declarations(":root,\n.light {"), dark: declarations(".dark {") } as const;
const mapping = declarations("@theme inline {");

type Rgb = [number, number, number];

/** oklch() to gamma-encoded sRGB in 0..1, clipped to the sRGB gamut as the browser shows it. */
function oklchToSrgb(value: string): Rgb {
  const m = /^oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(value);
  if (!m) throw new Error(`not an oklch() colour: ${value}`);
  const [l, c, h] = [Number(m[1]), Number(m[2]), (Number(m[3]) * Math.PI) / 180];
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear: Rgb = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return linear.map((v) => {
    const x = Math.min(1, Math.max(0, v));
    return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  }) as Rgb;
}

/** The colour a utility (`bg-primary`, `text-primary`) resolves to in a theme. */
function tokenColour(
  theme: Map<string, string>,
  property: "background-color" | "text-color",
  name: string,
): Rgb {
  const themed = mapping.get(`--${property}-${name}`) ?? mapping.get(`--color-${name}`);
  if (!themed) throw new Error(`no theme colour for ${property} ${name}`);
  // Follow var() through the theme (--text-color-success → --success-text → --success).
  let value: string | undefined = themed;
  while (value?.startsWith("var(")) value = theme.get(/^var\((--[\w-]+)\)$/.exec(value)?.[1] ?? "");
  if (!value) throw new Error(`${themed} is not set in the theme`);
  return oklchToSrgb(value);
}

/** `over` seen through `top` at `alpha` (composited in sRGB, as browsers and contrast checkers do). */
function blend(top: Rgb, alpha: number, over: Rgb): Rgb {
  return top.map((v, i) => v * alpha + (over[i] as number) * (1 - alpha)) as Rgb;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `text-x[/opacity]` on `bg-y[/alpha]`, each laid over the page (background) and over a card. */
interface Pair {
  text: string;
  textOpacity?: number;
  fill?: string;
  fillAlpha?: number;
  where: string;
}

const pairs: Pair[] = [
  { text: "foreground", where: "body text" },
  { text: "muted-foreground", where: "secondary text" },
  { text: "primary-foreground", fill: "primary", where: "filled primary button" },
  { text: "primary", fill: "primary", fillAlpha: 0.15, where: "active sidebar link" },
  { text: "primary", where: "a link" },
  { text: "primary", fill: "primary", fillAlpha: 0.1, where: "landing page pill" },
  { text: "destructive-foreground", fill: "destructive", where: "ADMIN and LIVE badges" },
  { text: "destructive", where: "a falling figure (-8.4%), an error line" },
  {
    text: "destructive",
    fill: "destructive",
    fillAlpha: 0.1,
    where: "destructive Alert title",
  },
  {
    text: "destructive",
    textOpacity: 0.9,
    fill: "destructive",
    fillAlpha: 0.1,
    where: "destructive Alert description (opacity-90)",
  },
  { text: "success", where: "header Live status, a rising figure (+486%)" },
  { text: "success", fill: "success", fillAlpha: 0.15, where: "success badge" },
  { text: "warning", fill: "warning", fillAlpha: 0.15, where: "warning badge (Scheduler off)" },
  { text: "warning", fill: "warning", fillAlpha: 0.1, where: "warning Alert title" },
  {
    text: "warning",
    textOpacity: 0.9,
    fill: "warning",
    fillAlpha: 0.1,
    where: "warning Alert description (opacity-90)",
  },
  { text: "premium", fill: "premium", fillAlpha: 0.15, where: "tier badge (ENTERPRISE)" },
];

const cases = pairs.flatMap((pair) =>
  (["background", "card"] as const).map((surface) => ({ ...pair, surface })),
);

describe.each(Object.entries(themes))("%s theme", (_name, theme) => {
  test.each(cases)("$where over $surface is at least 4.5:1", (pair) => {
    const surface = tokenColour(theme, "background-color", pair.surface);
    const back = pair.fill
      ? blend(tokenColour(theme, "background-color", pair.fill), pair.fillAlpha ?? 1, surface)
      : surface;
    const text = blend(tokenColour(theme, "text-color", pair.text), pair.textOpacity ?? 1, back);
    expect(ratio(text, back)).toBeGreaterThanOrEqual(4.5);
  });
});

test("the conversion matches a browser's: dark --primary oklch(0.65 0.21 275) showed as #6e7bff", () => {
  const hex = oklchToSrgb("oklch(0.65 0.21 275)")
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");
  expect(hex).toBe("6e7bff");
  // And the ratio the audit measured for white on it (#fcfcfc is --primary-foreground).
  expect(ratio(oklchToSrgb("oklch(0.99 0 0)"), oklchToSrgb("oklch(0.65 0.21 275)"))).toBeCloseTo(3.44, 1);
});

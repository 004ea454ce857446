import { expect, test } from "vitest";
import { MAIN_NAV } from "../../layout/nav.ts";
import { PLANS } from "./PlanSection.tsx";

// Review r29-a #8: Your plan listed Premium as Analytics, AI Analytics and the Overview's premium cards,
// leaving out the Market Screener, a Premium screen (the sidebar's mark, its lock, 403 on /api/market/*).
test("the Premium plan names every screen the sidebar marks Premium", () => {
  const premium = PLANS.find((p) => p.role === "premium")!.features.join("\n");
  const screens = MAIN_NAV.filter((item) => item.premium).map((item) => item.label);
  expect(screens).toContain("Market Screener");
  for (const label of screens) expect(premium, label).toContain(label);
});

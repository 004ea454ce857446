import {
  Activity,
  ArrowRight,
  BarChart3,
  Brain,
  Check,
  Clock,
  DollarSign,
  Gamepad2,
  Globe,
  Headphones,
  LineChart,
  Lock,
  Plug,
  Sparkles,
  TrendingUp,
  Users,
  Zap,
} from "lucide-react";
import type { ReactNode } from "react";
import { SignInDialog } from "./SignInDialog.tsx";
import type { ProviderId } from "./signin-texts.ts";

/**
 * The landing page for visitors (spec §1, §2 "Landing page"), rendered on the server. It is static
 * markup: the only script on it is the sign-in dialog island, which takes over every element with
 * `data-open-signin`. Without JavaScript those elements are plain links to `/?signin=1`.
 */

function SignInTrigger({
  children,
  className,
  mode = "create",
}: {
  children: ReactNode;
  className: string;
  mode?: "create" | "signin";
}) {
  return (
    <a href="/?signin=1" data-open-signin={mode} className={className}>
      {children}
    </a>
  );
}

const primaryBtn =
  "inline-flex items-center justify-center gap-2 rounded-lg whitespace-nowrap bg-primary px-5 py-2.5 font-semibold text-primary-foreground text-sm shadow-lg shadow-primary/25 transition hover:bg-primary/90";
const outlineBtn =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg border border-border px-5 py-2.5 font-semibold text-sm transition hover:bg-accent";

const FEATURES = [
  {
    icon: Activity,
    title: "Real-time Analytics",
    text: "Follow the market as it moves, not a month later.",
    items: ["Live player tracking", "Revenue analytics", "Engagement heatmaps"],
  },
  {
    icon: TrendingUp,
    title: "Market Intelligence",
    text: "Know where the audience is heading before you commit a budget.",
    items: ["Trend prediction", "Competitor analysis", "Platform insights"],
  },
  {
    icon: Brain,
    title: "AI Predictions",
    text: "GPT-based models trained on a decade of launches.",
    items: ["Success forecasting", "Optimal pricing", "Launch timing"],
  },
];

const BENEFITS = [
  { icon: Zap, title: "Sub-second queries", text: "Search 330,000+ games and their history instantly." },
  {
    icon: Lock,
    title: "SOC2-style security",
    text: "Encrypted sessions, least-privilege roles, audited changes.",
  },
  { icon: Plug, title: "RESTful APIs and webhooks", text: "Pipe the same data into your own tools." },
  { icon: Headphones, title: "24/7 support", text: "People who know games, whenever you need them." },
];

const PLANS = [
  {
    name: "Starter",
    text: "For solo developers and small teams finding their market.",
    items: [
      "Game tracking and watchlist",
      "Games database and datasets",
      "Historical player and review data",
    ],
  },
  {
    name: "Professional",
    text: "For studios planning launches and pricing.",
    items: ["Everything in Starter", "Market analytics and volatility", "AI analysis and predictions"],
    featured: true,
  },
  {
    name: "Enterprise",
    text: "For publishers running a portfolio.",
    items: ["Everything in Professional", "Team administration", "APIs, webhooks and priority support"],
  },
];

export function LandingPage({ configuredProviders = [] }: { configuredProviders?: readonly ProviderId[] }) {
  return (
    <div className="min-h-screen overflow-x-hidden bg-background text-foreground">
      <header className="sticky top-0 z-40 border-border/60 border-b bg-background/80 backdrop-blur">
        <nav className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 md:px-8" aria-label="Main">
          <a href="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap font-bold text-lg">
            <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-chart-2">
              <Gamepad2 className="size-4 text-white" aria-hidden="true" />
            </span>
            {/* Phones keep the mark only, so the sign-in buttons fit on one line. */}
            <span className="sr-only sm:not-sr-only">Gaming Intelligence</span>
          </a>
          <div className="ml-auto hidden items-center gap-6 text-muted-foreground text-sm md:flex">
            <a href="#features" className="hover:text-foreground">
              Features
            </a>
            <a href="#pricing" className="hover:text-foreground">
              Pricing
            </a>
            <a href="#about" className="hover:text-foreground">
              About
            </a>
            <a href="#contact" className="hover:text-foreground">
              Contact
            </a>
          </div>
          <div className="ml-auto flex items-center gap-2 md:ml-0">
            <SignInTrigger
              mode="signin"
              className="whitespace-nowrap rounded-lg px-3 py-2 font-medium text-sm hover:bg-accent"
            >
              Sign In
            </SignInTrigger>
            <SignInTrigger className={primaryBtn}>Get Started</SignInTrigger>
          </div>
        </nav>
        {/* Below md the section links get their own row instead of disappearing. */}
        <nav
          className="flex justify-between gap-4 border-border/60 border-t px-4 py-2 text-muted-foreground text-sm md:hidden"
          aria-label="Sections"
        >
          <a href="#features">Features</a>
          <a href="#pricing">Pricing</a>
          <a href="#about">About</a>
          <a href="#contact">Contact</a>
        </nav>
      </header>

      <main>
        <section className="relative">
          <div className="pointer-events-none absolute inset-0 -z-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--primary)_22%,transparent),transparent_60%)]" />
          <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 md:px-8 md:py-24 lg:grid-cols-2">
            <div>
              <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 font-medium text-primary text-xs">
                <Sparkles className="size-3.5" aria-hidden="true" /> AI-powered gaming market intelligence
              </p>
              <h1 className="font-extrabold text-4xl leading-tight tracking-tight md:text-6xl">
                Know your market{" "}
                <span className="bg-gradient-to-r from-primary to-chart-2 bg-clip-text text-transparent">
                  before you ship
                </span>
              </h1>
              <p className="mt-5 max-w-xl text-lg text-muted-foreground">
                Real-time market intelligence, 10+ years of historical analysis and AI-powered (GPT-based)
                predictions, with Steam, console and mobile data unified in one place — for indie developers
                and large studios alike.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <SignInTrigger className={primaryBtn}>
                  Start Free Trial <ArrowRight className="size-4" aria-hidden="true" />
                </SignInTrigger>
                <a href="#features" className={outlineBtn}>
                  Watch Demo
                </a>
              </div>
              <p className="mt-4 text-muted-foreground text-sm">
                14-day free trial · No credit card required · Cancel anytime
              </p>
              <dl className="mt-10 grid max-w-md grid-cols-3 gap-6">
                {[
                  ["500+", "Game Studios"],
                  ["10M+", "Data Points"],
                  ["99.9%", "Uptime"],
                ].map(([value, label]) => (
                  <div key={label}>
                    <dt className="sr-only">{label}</dt>
                    <dd className="font-bold text-3xl">{value}</dd>
                    <dd className="text-muted-foreground text-sm" aria-hidden="true">
                      {label}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>

            <figure
              className="rounded-2xl border border-border bg-card/80 p-6 shadow-2xl shadow-primary/10"
              aria-label="Sample dashboard"
            >
              <figcaption className="mb-5 flex items-center justify-between">
                <span className="font-semibold">Market Dashboard</span>
                <span className="rounded-md bg-muted px-2 py-0.5 text-muted-foreground text-xs">Sample</span>
              </figcaption>
              <div className="grid gap-4 sm:grid-cols-3">
                {[
                  { icon: TrendingUp, label: "Market Trends", value: "+24.5%", tone: "text-success" },
                  { icon: Users, label: "Active Players", value: "2.4M", tone: "text-chart-2" },
                  { icon: DollarSign, label: "Revenue", value: "$1.2M", tone: "text-chart-4" },
                ].map(({ icon: Icon, label, value, tone }) => (
                  <div key={label} className="rounded-xl bg-muted/60 p-4">
                    <Icon className={`size-4 ${tone}`} aria-hidden="true" />
                    <p className={`mt-2 font-bold text-2xl ${tone}`}>{value}</p>
                    <p className="text-muted-foreground text-xs">{label}</p>
                  </div>
                ))}
              </div>
              <div className="mt-5 flex h-32 items-end gap-2" aria-hidden="true">
                {[38, 52, 45, 61, 58, 72, 66, 84, 78, 92].map((h) => (
                  <div
                    key={h}
                    className="flex-1 rounded-t-md bg-gradient-to-t from-primary/40 to-primary"
                    style={{ height: `${h}%` }}
                  />
                ))}
              </div>
            </figure>
          </div>
        </section>

        <section id="features" className="scroll-mt-28 md:scroll-mt-20 border-border/60 border-t">
          <div className="mx-auto max-w-7xl px-4 py-20 md:px-8">
            <h2 className="text-center font-bold text-3xl md:text-4xl">
              Everything a studio needs to read the market
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
              What you piece together today from trackers, reports and spreadsheets, in one product.
            </p>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text, items }) => (
                <article key={title} className="rounded-2xl border border-border bg-card p-6">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-primary/15 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 font-semibold text-xl">{title}</h3>
                  <p className="mt-2 text-muted-foreground text-sm">{text}</p>
                  <ul className="mt-4 grid gap-2 text-sm">
                    {items.map((item) => (
                      <li key={item} className="flex items-center gap-2">
                        <Check className="size-4 text-success" aria-hidden="true" /> {item}
                      </li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
            <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {BENEFITS.map(({ icon: Icon, title, text }) => (
                <div key={title} className="rounded-xl border border-border bg-card/60 p-5">
                  <Icon className="size-5 text-chart-2" aria-hidden="true" />
                  <h3 className="mt-3 font-semibold">{title}</h3>
                  <p className="mt-1 text-muted-foreground text-sm">{text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section id="pricing" className="scroll-mt-28 md:scroll-mt-20 border-border/60 border-t bg-card/30">
          <div className="mx-auto max-w-7xl px-4 py-20 md:px-8">
            <h2 className="text-center font-bold text-3xl md:text-4xl">Plans that grow with your studio</h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
              Every plan starts with a 14-day free trial. No credit card required, cancel anytime.
            </p>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {PLANS.map((plan) => (
                <article
                  key={plan.name}
                  className={`flex flex-col rounded-2xl border bg-card p-6 ${plan.featured ? "border-primary shadow-primary/20 shadow-xl" : "border-border"}`}
                >
                  <h3 className="font-semibold text-xl">{plan.name}</h3>
                  <p className="mt-2 text-muted-foreground text-sm">{plan.text}</p>
                  <ul className="mt-5 grid flex-1 gap-2 text-sm">
                    {plan.items.map((item) => (
                      <li key={item} className="flex items-center gap-2">
                        <Check className="size-4 text-success" aria-hidden="true" /> {item}
                      </li>
                    ))}
                  </ul>
                  {plan.name === "Enterprise" ? (
                    <a href="#contact" className={`${outlineBtn} mt-6`}>
                      Contact Sales
                    </a>
                  ) : (
                    <SignInTrigger className={`${plan.featured ? primaryBtn : outlineBtn} mt-6`}>
                      Start Free Trial
                    </SignInTrigger>
                  )}
                </article>
              ))}
            </div>
          </div>
        </section>

        <section id="about" className="scroll-mt-28 md:scroll-mt-20 border-border/60 border-t">
          <div className="mx-auto grid max-w-7xl gap-10 px-4 py-20 md:px-8 lg:grid-cols-2">
            <div>
              <h2 className="font-bold text-3xl md:text-4xl">Built on real data</h2>
              <p className="mt-4 text-muted-foreground">
                Trusted by 500+ game studios, Gaming Intelligence joins store catalogs, player counts,
                reviews, sales, esports and streaming history into one searchable record of the industry —
                more than 10M data points across 10+ years — and keeps it fresh with scheduled pipelines.
              </p>
            </div>
            <ul className="grid gap-4 sm:grid-cols-2">
              {[
                { icon: Globe, text: "Unified Steam, console and mobile data" },
                { icon: LineChart, text: "10+ years of historical analysis" },
                { icon: Clock, text: "Real-time market intelligence, live over WebSockets" },
                { icon: BarChart3, text: "99.9% uptime and sub-second queries" },
              ].map(({ icon: Icon, text }) => (
                <li
                  key={text}
                  className="flex items-start gap-3 rounded-xl border border-border bg-card/60 p-4 text-sm"
                >
                  <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" /> {text}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="border-border/60 border-t">
          <div className="mx-auto max-w-4xl px-4 py-20 text-center md:px-8">
            <h2 className="font-bold text-3xl md:text-4xl">Ready to see your market clearly?</h2>
            <p className="mt-3 text-muted-foreground">
              Start your 14-day free trial today. No credit card required.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <SignInTrigger className={primaryBtn}>
                Start Free Trial <ArrowRight className="size-4" aria-hidden="true" />
              </SignInTrigger>
              <a href="#contact" className={outlineBtn}>
                Schedule Demo
              </a>
            </div>
          </div>
        </section>

        <section id="contact" className="scroll-mt-28 md:scroll-mt-20 border-border/60 border-t bg-card/30">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center md:px-8">
            <h2 className="font-bold text-2xl">Contact</h2>
            <p className="mt-3 text-muted-foreground">
              Questions about plans, data coverage or a demo for your team? Create a free account and our 24/7
              support team will answer from inside the app.
            </p>
            <SignInTrigger className={`${outlineBtn} mt-6`}>Get Started</SignInTrigger>
          </div>
        </section>
      </main>

      <footer className="border-border/60 border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 text-muted-foreground text-sm md:flex-row md:items-start md:justify-between md:px-8">
          <p>© {new Date().getUTCFullYear()} Gaming Intelligence</p>
          <div className="grid max-w-2xl gap-4 md:grid-cols-2">
            <div id="terms" className="scroll-mt-28 md:scroll-mt-20">
              <a href="#terms" className="font-medium text-foreground hover:underline">
                Terms of Service
              </a>
              <p className="mt-1">
                Use the product for your own analysis; published figures keep their sources' licences.
              </p>
            </div>
            <div id="privacy" className="scroll-mt-28 md:scroll-mt-20">
              <a href="#privacy" className="font-medium text-foreground hover:underline">
                Privacy Policy
              </a>
              <p className="mt-1">
                We keep your email, a hash of your password, your settings and watchlist, and one session
                cookie. Delete your account in Settings and all of it goes.
              </p>
            </div>
          </div>
        </div>
      </footer>
      <SignInDialog configuredProviders={configuredProviders} />
    </div>
  );
}

import {
  BarChart3,
  Brain,
  Database,
  Eye,
  Filter,
  Gamepad2,
  GitBranch,
  History,
  LayoutDashboard,
  Library,
  type LucideIcon,
  Settings,
  Shield,
  TrendingUp,
  Users,
  Workflow,
} from "lucide-react";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  premium?: boolean;
}

/** Spec §2 "Sidebar", in order; Settings sits at the bottom. */
export const MAIN_NAV: NavItem[] = [
  { href: "/", label: "Overview", icon: LayoutDashboard },
  { href: "/dashboard", label: "Dashboard", icon: BarChart3 },
  { href: "/games", label: "Game Tracking", icon: Gamepad2 },
  { href: "/analytics", label: "Analytics", icon: TrendingUp, premium: true },
  { href: "/ai-analytics", label: "AI Analytics", icon: Brain, premium: true },
  { href: "/market", label: "Market Screener", icon: Filter, premium: true },
  { href: "/historical-analytics", label: "Historical Analytics", icon: History },
  { href: "/github-gaming", label: "Community Datasets", icon: GitBranch },
  { href: "/igdb-games", label: "Games Database", icon: Database },
  { href: "/watchlist", label: "Watchlist", icon: Eye },
];

export const ADMIN_NAV: NavItem[] = [
  { href: "/admin", label: "Admin Dashboard", icon: Shield },
  { href: "/admin/users", label: "User Management", icon: Users },
  { href: "/workflows", label: "Workflows", icon: Workflow },
];

export const SETTINGS_NAV: NavItem = { href: "/settings", label: "Settings", icon: Settings };

/** Where every figure comes from (issue 9): licences, what each source provides, and since when. */
export const DATA_SOURCES_NAV: NavItem = { href: "/data-sources", label: "Data sources", icon: Library };

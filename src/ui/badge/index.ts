export { Badge, badgeVariants, RoleBadge, TierBadge } from "./Badge.tsx";

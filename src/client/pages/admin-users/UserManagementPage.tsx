import { ComingSoonPage } from "../coming-soon/ComingSoonPage.tsx";

/** Roles and tiers of every account (spec §5 fixed pairs). Reached only through the admin guard. */
export default function UserManagementPage() {
  return <ComingSoonPage title="User Management" description="Roles and tiers of every account." />;
}

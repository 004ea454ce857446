import { ComingSoonPage } from "../coming-soon/ComingSoonPage.tsx";

/** Spec §2 "Admin Dashboard": users, catalog and system health. Reached only through the admin guard. */
export default function AdminPage() {
  return <ComingSoonPage title="Admin Dashboard" description="Users, catalog and system health." />;
}

import { PageHeader } from "../../layout/PageHeader.tsx";
import { UsersTable } from "./UsersTable.tsx";

/** Roles and tiers of every account (spec §5 fixed pairs). Reached only through the admin guard. */
export default function UserManagementPage() {
  return (
    <div>
      <PageHeader
        title="User Management"
        description="Every account with its role and tier. A change applies as soon as you choose it."
      />
      <UsersTable />
    </div>
  );
}

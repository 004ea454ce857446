import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Timestamps are stored as UTC milliseconds and answered as ISO 8601 strings. */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    role: text("role", { enum: ["regular", "premium", "admin"] })
      .notNull()
      .default("regular"),
    subscriptionTier: text("subscription_tier", { enum: ["starter", "professional", "enterprise"] })
      .notNull()
      .default("starter"),
    passwordHash: text("password_hash"),
    /**
     * Set while the password is a temporary one an admin (or the operator's shell) handed out: it
     * signs in until then, and not after (ADR 027). Null for a password the user chose, or none.
     */
    temporaryPasswordExpiresAt: integer("temporary_password_expires_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // Emails are unique whatever their case (issue 2 §3).
  (t) => [uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** Hex SHA-256 of the session token; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "discord", "github"] }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_user_idx").on(t.userId)],
);

/** The spec §3 settings object, stored whole as JSON and validated by `src/contracts/settings.ts`. */
export const userSettings = sqliteTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  settings: text("settings", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    detail: text("detail", { mode: "json" }),
    createdAt: createdAt(),
  },
  // The Admin Dashboard's pages (GET /api/admin/audit): newest first with the id as tiebreak, all
  // actions or one, and the retention of failed sign-ins, each read from an index, not a scan.
  (t) => [
    index("audit_created_idx").on(t.createdAt, t.id),
    index("audit_action_created_idx").on(t.action, t.createdAt, t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

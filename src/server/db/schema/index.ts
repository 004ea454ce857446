// One schema, split by area. Each area's file is re-exported here for drizzle and drizzle-kit.

export * from "./ai.ts";
export * from "./auth.ts";
export * from "./catalog.ts";
export * from "./datasets.ts";
export * from "./estimates.ts";
export * from "./notifications.ts";
export * from "./operations.ts";
export * from "./sources.ts";
export * from "./workflows.ts";

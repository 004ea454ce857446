import type { SessionRow, UserRow } from "../db/schema/index.ts";

/** The Hono environment shared by every route: what middleware puts on `c.var`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    user: UserRow | null;
    session: SessionRow | null;
    /** Set by a refusal the operators planned (maintenance mode's 503): logged at info, not error. */
    plannedRefusal?: true;
  };
}

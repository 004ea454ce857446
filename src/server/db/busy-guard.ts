import Database from "libsql";
import { isBusyError } from "./busy.ts";
import { forgetVersion } from "./version-memo.ts";

/**
 * A statement that fails on a lock (SQLITE_BUSY) stays "in progress" on its connection until it is
 * finalized, and the binding exposes no reset: only garbage collection finalizes it. While it lingers,
 * SQLite defers the commit of every later autocommit write on that connection, so the next write
 * there is answered as done yet stays uncommitted, holding the write lock, and is rolled back if the
 * connection closes: an acknowledged write lost. The pool drops a closed connection instead of reusing
 * it, so the connection is closed the moment one of its statements meets a lock, before anything else
 * can borrow it. (Reproduced in tests/api/db-busy.test.ts.)
 *
 * The same wrappers tell version-memo.ts after every statement and `exec` of a libSQL connection of
 * this process: any of them may have committed.
 */
type Prepared = Record<string, (...args: unknown[]) => unknown>;
type Connection = { close(): void };
const GUARDED = Symbol.for("gaming-intelligence.busyGuard");
const RUNNERS = ["run", "all", "get", "iterate"] as const;

export function guardConnectionsAgainstLockedStatements(): void {
  const proto = Database.prototype as unknown as Record<PropertyKey, unknown> & {
    prepare: (this: Connection, sql: string) => Prepared;
  };
  if (proto[GUARDED]) return;
  proto[GUARDED] = true;
  const prepare = proto.prepare;
  proto.prepare = function (this: Connection, sql: string) {
    const statement = prepare.call(this, sql);
    const connection = this;
    for (const name of RUNNERS) {
      const runner = statement[name];
      if (typeof runner !== "function") continue;
      statement[name] = function (this: unknown, ...args: unknown[]) {
        try {
          return runner.apply(this, args);
        } catch (error) {
          if (isBusyError(error)) {
            try {
              connection.close();
            } catch {
              // already unusable: the pool drops it all the same
            }
          }
          throw error;
        } finally {
          // It may have committed: dataVersion() reads the pragma again (version-memo.ts).
          forgetVersion();
        }
      };
    }
    return statement;
  };
  const exec = (proto as unknown as { exec: (this: Connection, sql: string) => unknown }).exec;
  (proto as unknown as { exec: (this: Connection, sql: string) => unknown }).exec = function (
    this: Connection,
    sql: string,
  ) {
    try {
      return exec.call(this, sql);
    } finally {
      forgetVersion();
    }
  };
}

import { AsyncLocalStorage } from "node:async_hooks";

/**
 * PostgreSQL: a transaction's last statement sent with its COMMIT right behind it, without waiting
 * for the statement's answer in between (the pool's connections do it: named-statements.server.ts).
 * The rows the statement locked are then released as soon as PostgreSQL has run it and flushed the
 * commit, not after a round trip through this process's event loop, which under a rush is the longer
 * part (docs/decisions/043-orders-under-a-rush.md).
 *
 * `last` must send exactly one statement, inside a Kysely transaction, and the transaction's callback
 * must return right after it: the commit has happened by the time `last` resolves, and Kysely's own
 * COMMIT (or ROLLBACK, when `last` throws) is then answered by the connection without being sent.
 * When the statement fails, PostgreSQL answers the COMMIT behind it with a rollback: nothing is
 * committed. Elsewhere (SQLite, outside a transaction) the statement runs as usual and the
 * transaction commits as usual.
 */
export function withCommitBehind<T>(last: () => Promise<T>): Promise<T> {
  return asked.run({ pending: true }, last);
}

const asked = new AsyncLocalStorage<{ pending: boolean }>();

/** For the pool: whether the statement being sent is to carry the commit; true once per withCommitBehind. */
export function takeCommitBehind(): boolean {
  const request = asked.getStore();
  if (!request?.pending) return false;
  request.pending = false;
  return true;
}

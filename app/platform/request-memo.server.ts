import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Reads that one request may need several times (a settings row, the session's user), made once per
 * request: the request policy (request-policy.server.ts) runs every loader and action inside a
 * scope, and a read asked for again in it gets the first answer. Outside a scope (jobs, scripts,
 * tests calling a service) every read goes to the database. Nothing is kept past the request, so
 * another process's change is seen by the next request, as before.
 */
const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `work` with a fresh memo: what it reads through memoInRequest is read once. */
export function withRequestMemo<T>(work: () => T): T {
  return scope.run(new Map(), work);
}

/** `load()`'s answer, asked once per request under `key`; a failed read is not kept. */
export function memoInRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const loading = load();
  memo.set(key, loading);
  loading.catch(() => memo.delete(key));
  return loading;
}

/** After a write of what `key` read: the rest of the request reads it again. */
export function forgetInRequest(key: string) {
  scope.getStore()?.delete(key);
}

/** Keeps `value` under `key` for the rest of the request (the acting person, set by the guards); outside a request nothing. */
export function keepInRequest<T>(key: string, value: T) {
  scope.getStore()?.set(key, Promise.resolve(value));
}

/** What keepInRequest kept under `key` in this request, if anything. */
export function keptInRequest<T>(key: string): Promise<T> | undefined {
  return scope.getStore()?.get(key) as Promise<T> | undefined;
}

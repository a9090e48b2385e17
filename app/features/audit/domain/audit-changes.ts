/**
 * What an audit entry says changed (docs/decisions/061-audit-trail.md): only the fields whose value
 * differs, each as [before, after], secrets masked — a key that names a secret, password, token, key
 * id, API key or webhook keeps its place in the record but never its value.
 */
export type AuditChanges = Record<string, [unknown, unknown]>;

export const MASK = "••••";

const SECRET_KEY = /secret|password|token|key_?id|api_?key|webhook/i;

/** A value with every secret inside it (at any depth) masked. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) && isSet(inner) ? MASK : maskSecrets(inner)]),
    );
  }
  return value;
}

const isSet = (value: unknown) => value !== null && value !== undefined && value !== "";

/** The same in JSON (undefined as null), so 5 and 5, or {a:1} and {a:1}, are no change. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that changed between two states of an object (null before: it was made; null after: it
 * went), secrets masked. Masking is after comparing, so a new secret still shows as changed.
 */
export function changesBetween(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (same(was, now)) continue;
    if (SECRET_KEY.test(key)) changes[key] = [isSet(was) ? MASK : null, isSet(now) ? MASK : null];
    else changes[key] = [maskSecrets(was), maskSecrets(now)];
  }
  return changes;
}

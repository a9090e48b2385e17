import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword as verifyStandard } from "better-auth/crypto";

/**
 * How passwords are hashed (env PASSWORD_HASHING, docs/decisions/047-test-password-hashing.md).
 *
 * - `standard` (the default, the only one a public store may use): Better Auth's own scrypt
 *   (N 16384, r 16, p 1; 32 MiB and ~0.2–0.8 s of this host's CPU a hash), untouched.
 * - `fast-for-tests`: the test suites' stores, which sign hundreds of people up and in: scrypt at
 *   N 1024, r 8 (1 MiB, about a millisecond), in a format of its own (`fast$salt:key`). A password
 *   hashed so never verifies on a standard store, so a test database's accounts open nothing
 *   elsewhere; a standard hash still verifies on a test store.
 */
export type PasswordHashing = "standard" | "fast-for-tests";

const FAST_PREFIX = "fast$";
const FAST = { N: 1024, r: 8, p: 1 } as const;
const KEY_BYTES = 64;

function fastKey(password: string, salt: string) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, FAST, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Better Auth's `emailAndPassword.password` option for the mode: none (its own) for `standard`. */
export function passwordHashing(mode: PasswordHashing) {
  if (mode === "standard") return undefined;
  return {
    async hash(password: string) {
      const salt = randomBytes(16).toString("hex");
      return `${FAST_PREFIX}${salt}:${(await fastKey(password, salt)).toString("hex")}`;
    },
    async verify({ hash, password }: { hash: string; password: string }) {
      if (!hash.startsWith(FAST_PREFIX)) return verifyStandard({ hash, password });
      const [salt, key] = hash.slice(FAST_PREFIX.length).split(":");
      if (!salt || !key || !/^[0-9a-f]+$/.test(key) || key.length !== KEY_BYTES * 2) return false;
      return timingSafeEqual(await fastKey(password, salt), Buffer.from(key, "hex"));
    },
  };
}

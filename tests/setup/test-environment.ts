/** What every test file's app modules see, and what the template database is migrated with. */
export const testEnvironment: Record<string, string> = {
  SEED_ON_EMPTY: "false",
  BASE_URL: "http://localhost:3999",
  // Servers the tests start take no payments unless a test starts a fake gateway of its own.
  FAKE_GATEWAY: process.env.FAKE_GATEWAY ?? "off",
  // Scrypt at a thousandth of its cost (app/platform/auth/password-hashing.server.ts): the suites hash
  // hundreds of passwords, at up to 0.8 s of CPU each. One test keeps the standard cost.
  PASSWORD_HASHING: process.env.PASSWORD_HASHING ?? "fast-for-tests",
};

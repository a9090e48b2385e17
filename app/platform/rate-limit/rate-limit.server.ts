import { getEnv } from "~/platform/env.server";
import { createDatabaseRateLimitStore } from "./rate-limit-database.server";
import { createRedisRateLimitStore } from "./rate-limit-redis.server";

export { RateLimitUnavailable } from "./rate-limit-redis.server";

/**
 * Rate limits: at most `max` allowed hits on a key in any `windowSeconds`, counted in a store every
 * server process shares (the database, or Redis with RATE_LIMIT_STORE=redis).
 *
 * Allowed hits are counted in buckets of a sixth of the window (10 s of a minute). A hit is allowed
 * when its bucket and the six before it hold fewer than `max`. Those seven buckets (70 s) contain
 * every 60 s that ends at the hit, so no 60 s ever holds more than `max` allowed hits: unlike a
 * fixed clock minute, 10 hits at 12:00:59 and 10 more at 12:01:00 are not possible. The price: a
 * hit holds its place for 60 to 70 s instead of exactly 60. A refused hit is not counted, so a key
 * that keeps trying still gets `max` through every 70 s or so, and the wait a refusal names (until
 * enough of the oldest buckets have left the span) holds however often it tries meanwhile.
 *
 * Each store judges and counts a hit and drops the key's expired buckets in one atomic step, so
 * parallel hits from any number of processes let exactly `max` through. A hit also counts the
 * key's buckets after its own: one stamped by a clock slightly behind (another process, or a
 * request that waited) still sees every hit judged before it.
 */
export type Limit = { max: number; windowSeconds: number };

/** Limits per action, documented in the README, from the env (read when used, so tests may set it first). */
export const LIMITS = {
  // Failed sign-ins, per account and per address: each attempt is counted before the password is
  // checked (so a parallel burst cannot slip through) and a successful one is taken back.
  get signInFailures(): Limit {
    return { max: getEnv().RATE_LIMIT_SIGNIN_MAX, windowSeconds: 60 };
  },
  get signInPerAddress(): Limit {
    return { max: getEnv().RATE_LIMIT_SIGNIN_MAX, windowSeconds: 60 };
  },
  get register(): Limit {
    return { max: getEnv().RATE_LIMIT_REGISTER_MAX, windowSeconds: 60 };
  },
  get contact(): Limit {
    return { max: getEnv().RATE_LIMIT_CONTACT_MAX, windowSeconds: 60 };
  },
  // Sign-in by SMS code: codes sent per number and per address, and codes tried per number, in 10 minutes.
  get mobileCodePerNumber(): Limit {
    return { max: getEnv().RATE_LIMIT_MOBILE_CODE_MAX, windowSeconds: 600 };
  },
  get mobileCodePerAddress(): Limit {
    return { max: getEnv().RATE_LIMIT_MOBILE_CODE_ADDRESS_MAX, windowSeconds: 600 };
  },
  get mobileVerifyPerNumber(): Limit {
    return { max: getEnv().RATE_LIMIT_MOBILE_VERIFY_MAX, windowSeconds: 600 };
  },
} satisfies Record<string, Limit>;

/** Limits set in the environment (env.server.ts), read when used. */
export function configuredLimits() {
  const env = getEnv();
  return {
    checkoutPerCustomer: { max: env.RATE_LIMIT_CHECKOUT_MAX, windowSeconds: 600 },
    checkoutPerAddress: { max: env.RATE_LIMIT_CHECKOUT_ADDRESS_MAX, windowSeconds: 600 },
    listingCreation: { max: env.RATE_LIMIT_LISTING_MAX, windowSeconds: 600 },
    couponGuesses: { max: env.RATE_LIMIT_COUPON_GUESS_MAX, windowSeconds: 60 },
    ondcRefusedCalls: { max: env.RATE_LIMIT_ONDC_REFUSED_MAX, windowSeconds: 60 },
  } satisfies Record<string, Limit>;
}

/** The database store sweeps buckets untouched for a day, so no window may come near that. */
const MAX_WINDOW_SECONDS = 3600;

/** A limit's window cut into buckets of `seconds`: a hit is judged by its bucket and `span` earlier ones. */
export type Buckets = { seconds: number; span: number };
export type BucketCount = { start: number; count: number };
export type StoreHit = { allowed: boolean; counts: BucketCount[] };
export type StoreHitRequest = { key: string; bucketStart: number; buckets: Buckets; max: number };

/** Where the counters live, shared by every server process: the database (default) or Redis. */
export type RateLimitStore = {
  /**
   * In one atomic step: drops the key's buckets older than `span` buckets before `bucketStart`
   * (epoch seconds); allows the hit if the rest hold fewer than `max` hits, and then counts it in
   * the bucket at `bucketStart`. Returns whether it was allowed and the rest, one entry per
   * bucket, this hit included if allowed.
   */
  hit(key: string, bucketStart: number, buckets: Buckets, max: number): Promise<StoreHit>;
  /**
   * Several hits as one (optional: without it, hitRateLimits hits one by one and refunds): judged
   * until one is refused; counted only if none is. The answers in the order of `hits`, none for a
   * hit not judged after a refusal.
   */
  hitAll?(hits: StoreHitRequest[]): Promise<StoreHit[]>;
  /** Takes one allowed hit back out of the bucket at `bucketStart` (never below zero). */
  refund(key: string, bucketStart: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
};

let store: RateLimitStore | undefined;
function getStore(): RateLimitStore {
  if (store) return store;
  const env = getEnv();
  if (env.RATE_LIMIT_STORE === "redis" && env.REDIS_URL) {
    store = createRedisRateLimitStore({ url: env.REDIS_URL, prefix: `${env.REDIS_KEY_PREFIX}rl:` });
  } else {
    store = createDatabaseRateLimitStore();
  }
  return store;
}

/**
 * Counts one hit against `key` at `now` (epoch ms). Returns whether it is within the limit and how
 * many seconds until another hit would be (0 if one would be now). With the Redis store, an
 * unreachable Redis throws RateLimitUnavailable (a 503 refusal).
 */
export async function hitRateLimit(key: string, limit: Limit, now = Date.now()) {
  const buckets = bucketsOf(limit);
  const nowSeconds = Math.floor(now / 1000);
  const bucketStart = nowSeconds - (nowSeconds % buckets.seconds);
  const { allowed, counts } = await getStore().hit(key, bucketStart, buckets, limit.max);
  let counted = allowed;
  return {
    allowed,
    retryAfterSeconds: secondsUntilRoom(counts, limit.max, buckets, nowSeconds),
    /** Takes this hit back (once), e.g. an attempt that turned out not to be a failure. */
    async refund() {
      if (!counted) return;
      counted = false;
      await getStore().refund(key, bucketStart);
    },
  };
}

function bucketsOf({ windowSeconds }: Limit): Buckets {
  if (!(windowSeconds >= 1 && windowSeconds <= MAX_WINDOW_SECONDS))
    throw new Error(`rate-limit window of ${windowSeconds} s is out of range`);
  const seconds = Math.ceil(windowSeconds / 6);
  return { seconds, span: Math.ceil(windowSeconds / seconds) };
}

/**
 * Seconds until another hit would be allowed: until enough of the oldest buckets have left the
 * span (`span + 1` buckets after they began) for the rest to hold fewer than `max`. Usually the
 * oldest alone; a hit stamped late may also see later buckets that are full by themselves.
 */
function secondsUntilRoom(counts: BucketCount[], max: number, { seconds, span }: Buckets, nowSeconds: number) {
  let total = counts.reduce((sum, bucket) => sum + bucket.count, 0);
  let wait = 0;
  for (const bucket of [...counts].sort((a, b) => a.start - b.start)) {
    if (total < max) break;
    total -= bucket.count;
    wait = bucket.start + (span + 1) * seconds - nowSeconds;
  }
  return wait;
}

/**
 * Counts one hit against each key at `now`, as one: allowed when every limit allows it, and then
 * counted against all of them; a refused set counts against none (the checkout's limits per
 * customer and per address). A refusal names the wait of the limit that refused.
 */
export async function hitRateLimits(checks: readonly (readonly [string, Limit])[], now = Date.now()) {
  const nowSeconds = Math.floor(now / 1000);
  const hits = checks.map(([key, limit]) => {
    const buckets = bucketsOf(limit);
    return { key, buckets, max: limit.max, bucketStart: nowSeconds - (nowSeconds % buckets.seconds) };
  });
  const current = getStore();
  if (current.hitAll) {
    const answers = await current.hitAll(hits);
    const refused = answers.findIndex((a) => a !== undefined && !a.allowed);
    const hit = hits[refused];
    const answer = answers[refused];
    if (!hit || !answer) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: secondsUntilRoom(answer.counts, hit.max, hit.buckets, nowSeconds) };
  }
  const counted: Awaited<ReturnType<typeof hitRateLimit>>[] = [];
  for (const [key, limit] of checks) {
    const hit = await hitRateLimit(key, limit, now);
    if (!hit.allowed) {
      await Promise.all(counted.map((h) => h.refund()));
      return { allowed: false, retryAfterSeconds: hit.retryAfterSeconds };
    }
    counted.push(hit);
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Forgets the count for `key` (a successful sign-in clears the account's failures). */
export async function clearRateLimit(key: string) {
  await getStore().clear(key);
}

/** Closes the store's connection (Redis) on shutdown; the next hit opens the configured store again. */
export async function closeRateLimitStore() {
  const current = store;
  store = undefined;
  await current?.close();
}

/** The client's address as our own server recorded it (see server/app.ts), never a header a visitor set. */
export function clientAddress(request: Request) {
  return request.headers.get("x-angle-client-ip") ?? "unknown";
}

import { ORDER_ID_ALPHABET, ORDER_ID_RANDOM_LENGTH, orderIdCheck } from "./core/order-id";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Bytes from the system's secure generator, drawn 4 KB at a time rather than an id at a time (an
 * order makes five ids; each draw is a call into the system), each byte used once, as
 * `crypto.randomUUID` keeps its own.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

function randomBytes(count: number): Uint8Array {
  if (count > POOL_BYTES) return crypto.getRandomValues(new Uint8Array(count));
  if (used + count > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    used = 0;
  }
  used += count;
  return pool.subarray(used - count, used);
}

/** A random, unguessable id for URLs: 16 base-36 characters (~82 bits). */
export function newId(length = 16): string {
  const bytes = randomBytes(length);
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % 36];
  return id;
}

/** Whether a URL segment can be one of our ids (checked before it reaches a query). */
export function isId(value: string | undefined): value is string {
  return typeof value === "string" && /^[a-z0-9]{6,40}$/.test(value);
}

/**
 * A new order's id: unguessable like newId, and readable aloud (no 0/o, 1/l/i), with a check
 * character (app/platform/core/order-id.ts). Each character is drawn without bias: bytes past the
 * largest multiple of 31 are thrown away.
 */
export function newOrderId(): string {
  const size = ORDER_ID_ALPHABET.length;
  const limit = 256 - (256 % size);
  let body = "";
  while (body.length < ORDER_ID_RANDOM_LENGTH) {
    for (const byte of randomBytes(ORDER_ID_RANDOM_LENGTH)) {
      if (byte < limit && body.length < ORDER_ID_RANDOM_LENGTH) body += ORDER_ID_ALPHABET[byte % size];
    }
  }
  return body + orderIdCheck(body);
}

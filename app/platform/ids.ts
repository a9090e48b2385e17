const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A random, unguessable id for URLs: 16 base-36 characters (~82 bits). */
export function newId(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % 36];
  return id;
}

/** Whether a URL segment can be one of our ids (checked before it reaches a query). */
export function isId(value: string | undefined): value is string {
  return typeof value === "string" && /^[a-z0-9]{6,40}$/.test(value);
}

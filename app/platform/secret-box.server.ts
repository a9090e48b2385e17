import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "~/platform/env.server";

/** AES-256-GCM with a key derived from PAYMENT_ENCRYPTION_KEY (off production, or on loopback, the development secret). */
function key() {
  const material = getEnv().PAYMENT_ENCRYPTION_KEY;
  return Buffer.from(hkdfSync("sha256", material, "angle-payment-settings", "secret-box-v1", 32));
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `enc:v1:${iv.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}:${body.toString("base64url")}`;
}

/** The plain text, or null when the value was sealed with another key or was tampered with. */
export function open(sealed: string): string | null {
  const [prefix, version, iv, tag, body] = sealed.split(":");
  if (prefix !== "enc" || version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

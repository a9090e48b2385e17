/**
 * The one check every return address (`next`, a Referer we send people back to, a logout's
 * destination) passes before it becomes a `Location`: a path on this site, or the fallback.
 *
 * Browsers forgive a lot in a Location: they drop tabs, CR and LF, read `\` as `/`, and take `//host`
 * or `/\host` as another site. So the address is refused when it holds any control character or
 * backslash (raw or percent-encoded), then parsed as a URL against a placeholder origin: anything
 * that resolves to another origin is refused, and what is returned is the parser's own serialisation
 * (percent-encoded, ASCII only, so it is always a valid header value) checked once more for `//`,
 * which dot segments can produce ("/.//host").
 */
const PLACEHOLDER_ORIGIN = "http://return.invalid";
const MAX_LENGTH = 2000;
// Percent-encoded C0 controls, DEL and backslash (%00–%1F, %7F, %5C).
const ENCODED_UNSAFE = /%(?:[01][0-9a-f]|7f|5c)/i;

/** A C0 control character, DEL or a backslash anywhere in the text. */
function hasUnsafeCharacter(text: string) {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || hasUnsafeCharacter(value) || ENCODED_UNSAFE.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // An encoded slash pair would be harmless to a browser, but a proxy or a later decode may not be.
  if (path.startsWith("//") || /^\/(?:%2f|\/)/i.test(path)) return fallback;
  return path;
}

/**
 * A settings row's text made into settings once, not at every read: a checkout reads the payment
 * settings six times and the general settings three (docs/decisions/043-orders-under-a-rush.md).
 * The last texts given and what they made are kept; other texts (the row saved here, or by another
 * instance, and read again by the next request) make the settings again, so nothing is answered
 * that the row no longer says. What it makes is frozen, shared by every reader: one that changes
 * settings works on a copy (structuredClone).
 */
export function parsedOnce<T>(make: (...texts: (string | undefined)[]) => T): (...texts: (string | undefined)[]) => T {
  let last: { texts: (string | undefined)[]; made: T } | undefined;
  return (...texts) => {
    if (last === undefined || last.texts.length !== texts.length || last.texts.some((t, i) => t !== texts[i])) {
      last = { texts, made: deepFreeze(make(...texts)) };
    }
    return last.made;
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

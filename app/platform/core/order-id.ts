/**
 * Order ids a person can read out on a phone call and type back (docs/decisions/041-order-ids.md).
 *
 * New orders get 17 random characters from an alphabet without the look-alikes 0/O, 1/l/I, plus one
 * check character: 84 bits, more than the 16 base-36 characters of before (82.7), so a URL stays as
 * unguessable as it was. The id is stored and put in URLs in lower case; people see it in upper
 * case in three groups of six ("7KQ4M9-XW3HTR-P2BN6K"). Ids made before keep working everywhere and
 * are shown in groups of four.
 */
export const ORDER_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const ORDER_ID_RANDOM_LENGTH = 17;
export const ORDER_ID_LENGTH = ORDER_ID_RANDOM_LENGTH + 1;

/**
 * The check character of `body`: a weighted sum modulo 31 (a prime, the alphabet's size), so one
 * wrong character or two neighbours swapped always change it.
 */
export function orderIdCheck(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += ORDER_ID_ALPHABET.indexOf(body[i] ?? "") * (i + 1);
  return ORDER_ID_ALPHABET[sum % ORDER_ID_ALPHABET.length] ?? "";
}

/** Whether `id` is a whole order id of the readable kind, its check character right. */
export function isReadableOrderId(id: string): boolean {
  if (id.length !== ORDER_ID_LENGTH || ![...id].every((c) => ORDER_ID_ALPHABET.includes(c))) return false;
  return orderIdCheck(id.slice(0, ORDER_ID_RANDOM_LENGTH)) === id.slice(ORDER_ID_RANDOM_LENGTH);
}

/** An order id as a person reads it: upper case, in groups ("7KQ4M9-XW3HTR-P2BN6K"; an older id "K3J0-AB12-…"). */
export function formatOrderId(id: string): string {
  const size = isReadableOrderId(id) ? 6 : 4;
  return (id.toUpperCase().match(new RegExp(`.{1,${size}}`, "g")) ?? []).join("-");
}

/**
 * What a person typed or pasted for an order id, as it is stored: without "#", spaces or dashes,
 * in lower case ("#7kq4m9 xw3htr-P2BN6K" → "7kq4m9xw3htrp2bn6k").
 */
export function orderIdFromInput(input: string): string {
  return input.replace(/[#\s\-–—]/g, "").toLowerCase();
}

/**
 * The order id for a bank transfer's remarks: banks' apps take letters, digits and spaces there, not
 * always dashes ("7KQ4M9 XW3HTR P2BN6K"); the admin's order search reads it back either way.
 */
export const transferRemark = (id: string) => formatOrderId(id).replaceAll("-", " ");

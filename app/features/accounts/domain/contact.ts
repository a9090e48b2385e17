import { formatMobile, hasRealEmail, normaliseMobile } from "./mobile";

/*
 * What a person may be shown of someone's contact details: on the checkout, invoices, emails, a
 * vendor's orders and the admin's lists. An account made from a mobile number carries a placeholder
 * email under `.invalid` and, until its owner gives one, the number as its name: neither is shown as
 * what it is not.
 */

/** What a page or document knows of the person: any of it may be missing. */
export type ContactFacts = { name?: string | null; phone?: string | null; email?: string | null };

/** What is shown: each part only when it is real; `label` is the best single line (name, else phone, else email). */
export type ShownContact = { name: string | null; phone: string | null; email: string | null; label: string };

/** A name the person gave: not empty, not a phone number standing in for one, not an address. */
export function hasOwnName(name: string | null | undefined): name is string {
  const trimmed = name?.trim() ?? "";
  return trimmed !== "" && normaliseMobile(trimmed) === null && !trimmed.includes("@");
}

/** `919876543210@phone.angle.invalid` → `+919876543210`: the number a mobile account's placeholder stands for. */
function mobileOfPlaceholder(email: string | null | undefined): string | null {
  const match = /^(\d{12})@[^@]+\.invalid$/i.exec(email?.trim() ?? "");
  return match ? normaliseMobile(`+${match[1]}`) : null;
}

export function shownContact(facts: ContactFacts): ShownContact {
  const name = hasOwnName(facts.name) ? facts.name.trim() : null;
  const mobile =
    normaliseMobile(facts.phone ?? "") ?? normaliseMobile(name === null ? (facts.name ?? "") : "") ?? mobileOfPlaceholder(facts.email);
  const phone = mobile ? formatMobile(mobile) : facts.phone?.trim() || null;
  const email = hasRealEmail(facts.email) ? facts.email.trim() : null;
  return { name, phone, email, label: name ?? phone ?? email ?? "" };
}

import { refusalCatalog } from "./localize-refusal.server";

/**
 * The buying journey's refusals (checkout, paying, cancelling, returns and their refunds, reviews)
 * in the page's language: every checkout_refusal_… and orders_refusal_… message, whose English is
 * the domain's sentence word for word (see localize-refusal.server.ts).
 */
export const journeyRefusals = refusalCatalog(["checkout_refusal_", "orders_refusal_"]);

/** A refusal in the page's language (or `locale`), or the sentence itself when it has no translation. */
export const localizeRefusal = journeyRefusals.say;

/** Each field's refusal in the page's language. */
export const localizeFields = journeyRefusals.fields;

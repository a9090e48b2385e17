import { getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import type { PageRequest } from "~/platform/core/pagination";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { newId } from "~/platform/ids";
import type { OfferFormInput } from "../domain/offer-form";
import type { Offer } from "../domain/offers";
import { offerOfRow } from "./order-offers.server";

/** The admin's offers (issue 31): list, create, edit, pause, resume and end. */

export const ADMIN_OFFERS_PAGE_SIZE = 20;

export class OfferRefused extends RefusalError {
  constructor(
    refused: Parameters<typeof english>[0],
    status = 409,
    readonly field?: "code",
  ) {
    super(refused, { status, english: english(refused) });
  }
}

type ListRow = { id: string; created_at: string };
const NEWEST_FIRST: Keyset<ListRow> = {
  keys: [
    { ref: "created_at", field: "created_at", kind: "string" },
    { ref: "id", field: "id", kind: "string" },
  ],
  order: "desc",
};

export async function listOffers(page: PageRequest) {
  const result = await paginate(getDb().selectFrom("offer").selectAll(), NEWEST_FIRST, page, ADMIN_OFFERS_PAGE_SIZE);
  return { ...result, rows: result.rows.map(offerOfRow) };
}

/** An offer's id as we make them; anything else (a hostile URL: PostgreSQL refuses a NUL byte) is no offer. */
const isOfferId = (id: string) => /^[a-z0-9]{6,40}$/.test(id);

export async function getOffer(id: string): Promise<Offer | null> {
  if (!isOfferId(id)) return null;
  const row = await getDb().selectFrom("offer").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? offerOfRow(row) : null;
}

function columns(input: OfferFormInput) {
  return {
    kind: input.kind,
    code: input.code,
    name: input.name,
    name_hi: input.nameHi ?? null,
    discount_type: input.discountType,
    discount_percent: input.discountType === "percent" ? (input.percent ?? null) : null,
    discount_paise: input.discountType === "fixed" ? (input.amount ?? null) : null,
    target: input.target,
    target_ids: JSON.stringify(input.targetIds),
    min_cart_paise: input.minCart ?? 0,
    min_quantity: input.minQuantity ?? 0,
    first_order_only: input.firstOrderOnly ? 1 : 0,
    states: JSON.stringify(input.states),
    ends_at: input.endsAt ?? null,
    max_uses: input.maxUses ?? null,
    uses_per_customer: input.usesPerCustomer ?? null,
    budget_paise: input.budget ?? null,
    stacks: input.stacks ? 1 : 0,
  };
}

async function codeTaken(code: string | null, except: string | null) {
  if (!code) return false;
  let q = getDb().selectFrom("offer").select("id").where("code", "=", code);
  if (except) q = q.where("id", "!=", except);
  return !!(await q.executeTakeFirst());
}

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string };
  return e.code === "23505" || /UNIQUE constraint failed/i.test(e.message ?? "");
}

const CODE_TAKEN = () => new OfferRefused(refusal("offers.code_taken"), 409, "code");

/** A new offer, active from its start (now when not given). */
export async function createOffer(input: OfferFormInput, now = new Date()): Promise<string> {
  if (await codeTaken(input.code, null)) throw CODE_TAKEN();
  const id = newId();
  const at = now.toISOString();
  try {
    await getDb()
      .insertInto("offer")
      .values({
        id,
        ...columns(input),
        starts_at: input.startsAt ?? at,
        status: "active",
        uses: 0,
        spent_paise: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } catch (error) {
    // Two admins saving one code at once: the unique index decides.
    if (isUniqueViolation(error)) throw CODE_TAKEN();
    throw error;
  }
  return id;
}

/** An offer's terms changed; its uses and spend so far stay. */
export async function updateOffer(id: string, input: OfferFormInput, now = new Date()): Promise<void> {
  const existing = await getOffer(id);
  if (!existing) throw new OfferRefused(refusal("offers.not_found"), 404);
  if (await codeTaken(input.code, id)) throw CODE_TAKEN();
  try {
    await getDb()
      .updateTable("offer")
      .set({ ...columns(input), starts_at: input.startsAt ?? existing.startsAt, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw CODE_TAKEN();
    throw error;
  }
}

/** Pause (active → paused), resume (paused → active) or end (for good). False when the offer is not in a state for it. */
export async function setOfferStatus(id: string, intent: "pause" | "resume" | "end", now = new Date()): Promise<boolean> {
  if (!isOfferId(id)) return false;
  const [from, to] =
    intent === "pause" ? [["active"], "paused"] : intent === "resume" ? [["paused"], "active"] : [["active", "paused"], "ended"];
  const done = await getDb()
    .updateTable("offer")
    .set({ status: to as "active" | "paused" | "ended", updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", from as string[])
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

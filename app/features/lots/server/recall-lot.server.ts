import { type RawBuilder, sql } from "kysely";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { type Db, type Engine, getDatabase, getDb } from "~/platform/db/db.server";
import { isId, newId } from "~/platform/ids";
import { RefusalError, type Refusal, refusal, refusalOfIssue } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { type Locale, localizePath } from "~/platform/i18n/locale";
import { getEmailContext, type EmailContext } from "~/features/messaging/server/email-context.server";
import { renderEmail } from "~/features/messaging/server/render-email.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import { getEnv } from "~/platform/env.server";
import { HELD_STATUSES, RECEIVED_STATUSES, type RecallActor, RecallFormSchema } from "~/features/lots/domain/recall";
import { type RecallNotice, recallEmail, recallSms } from "~/features/lots/domain/recall-messages";
import { lockProducts, syncLotStock } from "./lot-stock.server";

/** A recall, swap or cancel the store will not make, with the status its page answers. */
export class RecallRefused extends RefusalError {
  declare readonly status: 400 | 404 | 409;
  constructor(refused: Refusal, status: 400 | 404 | 409 = 409) {
    super(refused, { status, english: english(refused) });
  }
}

export const LOT_GONE = refusal("recalls.lot_gone");

export type RecallOutcome = { recallId: string; lot: string; heldOrders: number; toldCustomers: number };

/** The outbox's dedupe key of a recall's email (and, with `-sms`, its SMS) to one customer. */
export const recallMessageKey = (lotId: string, channel: "email" | "sms") =>
  `${channel === "email" ? "lot-recall" : "lot-recall-sms"}:${lotId}:`;

/**
 * Recalls a lot (docs/decisions/059-recalls.md): in one transaction its product is locked, the lot
 * marked recalled (a guarded update: of two recalls one wins, the other is refused), its size's stock
 * made what its sellable lots hold (so it stops selling at once), the recall recorded, every open
 * order holding its units flagged, and every customer who received it told by email and SMS in their
 * language. Flags and messages are each one INSERT … SELECT, whatever the number of orders.
 */
export async function recallLot(request: { lotId: string; reason: string; actor: RecallActor }): Promise<RecallOutcome> {
  const parsed = RecallFormSchema.safeParse({ reason: request.reason });
  const issue = parsed.error?.issues[0];
  if (!parsed.success || issue) throw new RecallRefused(issue ? refusalOfIssue(issue) : refusal("recalls.reason"), 400);
  const { reason } = parsed.data;
  const { lotId, actor } = request;
  if (!isId(lotId)) throw new RecallRefused(LOT_GONE, 404);
  const { engine } = getDatabase();
  // Read before the transaction: on SQLite it holds the only connection.
  const ctx = await getEmailContext();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const lot = await trx
        .selectFrom("lot")
        .innerJoin("product", "product.id", "lot.product_id")
        .innerJoin("product_variant as v", "v.id", "lot.variant_id")
        .select([
          "lot.id",
          "lot.number",
          "lot.product_id",
          "lot.variant_id",
          "lot.recalled_at",
          "product.name",
          "product.name_hi",
          "v.label",
        ])
        .where("lot.id", "=", lotId)
        .$if(actor.role === "vendor", (qb) => qb.where("product.vendor_id", "=", actor.id))
        .executeTakeFirst();
      if (!lot) throw new RecallRefused(LOT_GONE, 404);
      const already = refusal("recalls.already", { lot: lot.number });
      if (lot.recalled_at) throw new RecallRefused(already, 409);
      await lockProducts(trx, engine, [lot.product_id]);
      const now = new Date().toISOString();
      const moved = await trx
        .updateTable("lot")
        .set({ recalled_at: now, recall_reason: reason })
        .where("id", "=", lot.id)
        .where("recalled_at", "is", null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new RecallRefused(already, 409);
      await recordAudit(trx, {
        kind: "lot.recall",
        object: { type: "lot", id: lot.id },
        before: { recalled_at: null },
        after: { recalled_at: now },
        reason,
      });
      await syncLotStock(trx, engine, [lot.variant_id]);

      const recallId = newId();
      await trx
        .insertInto("lot_recall")
        .values({ id: recallId, lot_id: lot.id, reason, actor_id: actor.id, actor_role: actor.role, created_at: now })
        .execute();
      const heldOrders = await flagHeldOrders(trx, lot.id, recallId, now);
      const notice = (locale: Locale): RecallNotice => ({
        product: locale === "hi" && lot.name_hi ? lot.name_hi : lot.name,
        size: lot.label,
        lot: lot.number,
        reason,
      });
      const toldCustomers = await tellReceivers(trx, engine, ctx, lot.id, notice, now);
      await trx
        .updateTable("lot_recall")
        .set({ held_orders: heldOrders, told_customers: toldCustomers })
        .where("id", "=", recallId)
        .execute();
      return { recallId, lot: lot.number, heldOrders, toldCustomers };
    });
}

/** The order lines' records of this lot whose units are still out (not put back). */
function unitsOut(trx: Db, lotId: string) {
  return trx
    .selectFrom("order_line_lot as t")
    .innerJoin("order_line as l", "l.id", "t.order_line_id")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .where("t.lot_id", "=", lotId)
    .whereRef("t.quantity", ">", "t.returned");
}

/** Flags every order not yet shipped that holds units of the lot, in one statement; returns how many. */
async function flagHeldOrders(trx: Db, lotId: string, recallId: string, now: string) {
  const result = await trx
    .insertInto("recall_hold")
    .columns(["order_id", "lot_id", "recall_id", "created_at"])
    .expression(
      unitsOut(trx, lotId)
        .where("o.status", "in", HELD_STATUSES)
        .select([
          "o.id",
          sql<string>`cast(${lotId} as text)`.as("lot_id"),
          sql<string>`cast(${recallId} as text)`.as("recall_id"),
          sql<string>`cast(${now} as text)`.as("created_at"),
        ])
        .groupBy("o.id"),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Queues the recall's email and SMS to every customer who received the lot (an order shipped or
 * delivered, its units not returned), once each however many such orders they have: to the email and
 * phone of their latest such order, in its language. Each message is drawn once per language here;
 * the database writes one outbox row per customer and channel (the recipient set into the payload by
 * the database's own JSON functions). Returns how many customers that is.
 */
async function tellReceivers(
  trx: Db,
  engine: Engine,
  ctx: EmailContext,
  lotId: string,
  notice: (locale: Locale) => RecallNotice,
  now: string,
) {
  const receivers = unitsOut(trx, lotId)
    .where("o.status", "in", RECEIVED_STATUSES)
    .select([
      "o.user_id",
      "o.customer_email",
      "o.customer_phone",
      "o.locale",
      sql<number>`row_number() over (partition by o.user_id order by o.created_at desc, o.id desc)`.as("latest"),
    ]);
  const counted = await trx
    .selectFrom(receivers.as("r"))
    .select((eb) => eb.fn.countAll<number>().as("customers"))
    .where("r.latest", "=", 1)
    .executeTakeFirstOrThrow();
  const customers = Number(counted.customers);
  if (customers === 0) return 0;

  const email = (locale: Locale) => {
    const { subject, text, html } = renderEmail(recallEmail(ctx.store, notice(locale), locale));
    return JSON.stringify({ subject, text, html });
  };
  const newRowId =
    engine === "postgres" ? sql<string>`replace(cast(gen_random_uuid() as text), '-', '')` : sql<string>`lower(hex(randomblob(12)))`;
  const withRecipient = (payload: RawBuilder<string>, to: RawBuilder<string>) =>
    engine === "postgres"
      ? sql<string>`cast(cast(${payload} as jsonb) || jsonb_build_object('to', ${to}) as text)`
      : sql<string>`json_set(${payload}, '$.to', ${to})`;
  const byLocale = (en: string, hi: string) => sql<string>`case when r.locale = 'hi' then cast(${hi} as text) else cast(${en} as text) end`;
  const queue = async (channel: "email" | "sms", payload: RawBuilder<string>, to: RawBuilder<string>) => {
    const kind = channel === "email" ? "lot-recall" : "lot-recall-sms";
    await trx
      .insertInto("outbox")
      .columns(["id", "channel", "kind", "dedupe_key", "recipient", "payload", "next_attempt_at", "created_at"])
      .expression(
        trx
          .selectFrom(receivers.as("r"))
          .select([
            newRowId.as("id"),
            sql<string>`cast(${channel} as text)`.as("channel"),
            sql<string>`cast(${kind} as text)`.as("kind"),
            sql<string>`cast(${recallMessageKey(lotId, channel)} as text) || r.user_id`.as("dedupe_key"),
            to.as("recipient"),
            withRecipient(payload, to).as("payload"),
            sql<string>`cast(${now} as text)`.as("next_attempt_at"),
            sql<string>`cast(${now} as text)`.as("created_at"),
          ])
          .where("r.latest", "=", 1)
          // An account made from a mobile number has a placeholder address no mail reaches (hasRealEmail).
          .$if(channel === "email", (qb) => qb.where(sql<boolean>`lower(r.customer_email) not like '%.invalid'`)),
      )
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .execute();
  };

  await queue("email", byLocale(email("en"), email("hi")), sql<string>`r.customer_email`);
  const sms = smsPayloads(ctx, notice);
  // The order's phone, as checkout wrote it ("+91 98765 43210"), in E.164.
  if (sms) await queue("sms", byLocale(sms.en, sms.hi), sql<string>`replace(r.customer_phone, ' ', '')`);
  return customers;
}

/**
 * The SMS text for English and Hindi readers (without the recipient), or null when none can go: through
 * MSG91 with no recall template registered (DLT refuses unregistered text), as refunds' SMS.
 */
function smsPayloads(ctx: EmailContext, notice: (locale: Locale) => RecallNotice) {
  const env = getEnv();
  const payload = (reader: Locale) => {
    const { locale, templateId } = smsTemplate("lot-recall-sms", reader, env);
    if (env.MSG91_AUTH_KEY !== undefined && !templateId) return null;
    const link = `${ctx.store.baseUrl}${localizePath("/orders", locale)}`;
    return JSON.stringify({ ...recallSms(ctx.store.name, { ...notice(locale), link }, locale), ...(templateId ? { templateId } : {}) });
  };
  const [en, hi] = [payload("en"), payload("hi")];
  return en && hi ? { en, hi } : null;
}

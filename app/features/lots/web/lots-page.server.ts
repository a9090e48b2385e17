import { data } from "react-router";
import { refusal } from "~/platform/core/refusal";
import { formRefusals, renderFields, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { getDb } from "~/platform/db/db.server";
import { LotAdjustmentSchema } from "../domain/lot-receipt";
import { LotMarginsSchema } from "../domain/lot-margins";
import { saveLotMargins } from "../server/lot-margins.server";
import type { LotsReply } from "../domain/lot-view";
import { listLotsOfProduct, lotCountsOf } from "../server/lots-of-product.server";
import { adjustLot, type LotActor, LotRefused, receiveLot } from "../server/receive-lot.server";

/** The intents of the lots section's forms on a product's edit page. */
export const LOT_INTENTS: readonly string[] = ["receive-lot", "adjust-lot"];

/** The lots section of a product's edit page: its sizes' lots, its kind, and each size's "12 in 3 lots". */
export async function loadLotsSection(productId: string) {
  const product = await getDb().selectFrom("product").select("regulated_as").where("id", "=", productId).executeTakeFirst();
  const counts = await lotCountsOf(productId);
  return {
    kind: product?.regulated_as ?? null,
    sizes: await listLotsOfProduct(productId),
    stockInLots: Object.fromEntries(counts),
  };
}

/**
 * A lots form's post (receive a lot, adjust one), for the admin's or a vendor's product page: on
 * success a 303 back to `page` with a toast; refused, a 4xx with the refusal for the form that sent
 * it, nothing written. The services check the size or lot is the actor's to touch.
 */
export async function lotsAction(fields: Record<string, string>, actor: LotActor, page: string) {
  const intent = fields.intent;
  const formKey = intent === "adjust-lot" ? `adjust:${fields.lotId ?? ""}` : `receive:${fields.variantId ?? ""}`;
  const refuse = (status: number, error: string, fieldErrors: Record<string, string> = {}) =>
    data({ lots: { form: formKey, error, fields: fieldErrors, sent: fields } satisfies LotsReply }, { status });
  try {
    if (intent === "receive-lot") {
      await receiveLot(actor, fields.variantId ?? "", fields);
      return redirectWithToast(page, { description: m.ui_lots_received_toast({ number: (fields.number ?? "").trim() }) });
    }
    const parsed = LotAdjustmentSchema.safeParse(fields);
    if (!parsed.success) {
      const refusals = formRefusals(parsed.error);
      return refuse(
        400,
        renderRefusal(Object.values(refusals)[0] ?? refusal("common.check_form")),
        renderFields(refusals) as Record<string, string>,
      );
    }
    await adjustLot(actor, parsed.data);
    return redirectWithToast(page, { description: m.ui_lots_adjusted_toast() });
  } catch (error) {
    if (error instanceof LotRefused)
      return refuse(error.status, renderRefusal(error.refusal), renderFields(error.fields) as Record<string, string>);
    throw error;
  }
}

/** The admin's margins form's post: saved (and every lot of a changed kind re-dated), or its refusals in English. */
export async function lotMarginsAction(fields: Record<string, string>, page: string) {
  const parsed = LotMarginsSchema.safeParse(fields);
  if (!parsed.success) {
    const refusals = formRefusals(parsed.error);
    const english = renderFields(refusals, "en") as Record<string, string>;
    return data({ margins: { error: Object.values(english)[0] ?? "", fields: english, sent: fields } }, { status: 400 });
  }
  const { lotsChanged } = await saveLotMargins(parsed.data);
  return redirectWithToast(page, { description: `Lot margins saved; ${lotsChanged.toLocaleString("en-IN")} lots re-dated.` });
}

import { Form } from "react-router";
import { formatDate } from "~/platform/core/dates";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import type { LotKind } from "../domain/lot-receipt";
import type { LotStatus } from "../domain/lot-status";
import type { LotRow, LotsReply, SizeLots } from "../domain/lot-view";

type Props = { kind: string | null; sizes: SizeLots[]; reply?: LotsReply; importHref: string };

const button = "h-10 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800";

/**
 * A product's lots on its edit page (docs/decisions/056-lots.md), per pack size: its lots first
 * expiry first, each with its facts, status, an adjustment form and its adjustments; then a form to
 * receive a lot, with the label facts of the product's kind. Plain posts: they work without JavaScript.
 * A product regulated as nothing (a tool) shows none until it has lots.
 */
export function LotsSection({ kind, sizes, reply, importHref }: Props) {
  const t = useT();
  // Tools and machinery keep their stock by hand: no section, unless lots were received for them anyway.
  if (kind === null && sizes.every((size) => size.lots.length === 0)) return null;
  return (
    <section aria-labelledby="lots-heading" className="mt-8 rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="lots">
      <h2 id="lots-heading" className="text-xl font-bold text-stone-900">
        {t("ui_lots_title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("ui_lots_intro")}</p>
      <a href={importHref} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
        {t("ui_lots_import_link")}
      </a>
      {sizes.map((size) => (
        <SizeLotsBlock key={size.variantId} size={size} kind={kind as LotKind | null} reply={reply} />
      ))}
    </section>
  );
}

function SizeLotsBlock({ size, kind, reply }: { size: SizeLots; kind: LotKind | null; reply?: LotsReply }) {
  const t = useT();
  const locale = useLocale();
  const day = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00+05:30`, locale) : "—");
  return (
    <div className="mt-6 border-t border-stone-200 pt-4" data-testid="size-lots">
      <h3 className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
        {t("ui_lots_size_heading", { label: size.label, sku: size.sku })}
      </h3>
      {size.isKit ? (
        <p className="mt-1 text-sm text-stone-600">{t("ui_lots_kit")}</p>
      ) : (
        <>
          {size.lots.length === 0 ? (
            <p className="mt-1 text-sm text-stone-600">{t("ui_lots_none")}</p>
          ) : (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="text-stone-600">
                  <tr>
                    <th className="py-1 pr-3 font-medium">{t("ui_lots_col_number")}</th>
                    <th className="py-1 pr-3 font-medium">{t("ui_lots_col_on_hand")}</th>
                    <th className="py-1 pr-3 font-medium">{t("ui_lots_col_made")}</th>
                    <th className="py-1 pr-3 font-medium">{t("ui_lots_col_expires")}</th>
                    <th className="py-1 pr-3 font-medium">{t("ui_lots_col_facts")}</th>
                    <th className="py-1 font-medium">{t("ui_lots_col_status")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {size.lots.map((lot) => (
                    <tr key={lot.id} data-testid="lot-row">
                      <td className="py-1 pr-3 font-semibold [overflow-wrap:anywhere]">{lot.number}</td>
                      <td className="py-1 pr-3">
                        {lot.quantity} / {lot.receivedQuantity}
                      </td>
                      <td className="py-1 pr-3">{day(lot.manufacturedOn)}</td>
                      <td className="py-1 pr-3">{day(lot.expiresOn)}</td>
                      <td className="py-1 pr-3 [overflow-wrap:anywhere]">{facts(lot, day, t).join(" · ")}</td>
                      <td className="py-1">{statusText(lot.status, day, t)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {size.lots.map((lot) => (
            <AdjustLot key={lot.id} lot={lot} reply={reply?.form === `adjust:${lot.id}` ? reply : undefined} />
          ))}
          <ReceiveLot size={size} kind={kind} reply={reply?.form === `receive:${size.variantId}` ? reply : undefined} />
        </>
      )}
    </div>
  );
}

type T = ReturnType<typeof useT>;

function facts(lot: LotRow, day: (iso: string | null) => string, t: T): string[] {
  const out: string[] = [];
  if (lot.testedOn) out.push(t("ui_lots_fact_tested", { date: day(lot.testedOn) }));
  if (lot.germinationPct !== null) out.push(t("ui_lots_fact_germination", { pct: lot.germinationPct }));
  if (lot.purityPct !== null) out.push(t("ui_lots_fact_purity", { pct: lot.purityPct }));
  if (lot.treated) out.push(t("ui_lots_fact_treated"));
  if (lot.registrationNo) out.push(t("ui_lots_fact_registration", { number: lot.registrationNo }));
  if (lot.phiDays !== null) out.push(t("ui_lots_fact_phi", { days: lot.phiDays }));
  if (lot.antidote) out.push(t("ui_lots_fact_antidote", { text: lot.antidote }));
  if (lot.fcoGrade) out.push(t("ui_lots_fact_fco", { grade: lot.fcoGrade }));
  return out;
}

function statusText(status: LotStatus, day: (iso: string | null) => string, t: T): string {
  switch (status.kind) {
    case "recalled":
      return t("ui_lots_status_recalled");
    case "expired":
      return t("ui_lots_status_expired");
    case "stopped":
      return t("ui_lots_status_stopped", { date: day(status.since) });
    case "empty":
      return t("ui_lots_status_empty");
    case "selling":
      return status.until ? t("ui_lots_status_until", { date: day(status.until) }) : t("ui_lots_status_selling");
  }
}

function AdjustLot({ lot, reply }: { lot: LotRow; reply?: LotsReply }) {
  const t = useT();
  const locale = useLocale();
  return (
    <details className="mt-2 rounded-lg ring-1 ring-stone-200" open={Boolean(reply)}>
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-brand-800">
        {t("ui_lots_adjust_of", { number: lot.number })}
      </summary>
      <div className="px-3 pb-3">
        <FormError message={reply?.error} />
        <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="adjust-lot" />
          <input type="hidden" name="lotId" value={lot.id} />
          <TextField
            label={t("ui_lots_field_change")}
            name="change"
            required
            inputMode="numeric"
            maxLength={9}
            defaultValue={reply?.sent.change ?? ""}
            error={reply?.fields.change}
          />
          <TextField
            label={t("ui_lots_field_reason")}
            name="reason"
            required
            maxLength={200}
            defaultValue={reply?.sent.reason ?? ""}
            error={reply?.fields.reason}
          />
          <button type="submit" className={button}>
            {t("ui_lots_adjust_submit")}
          </button>
        </Form>
        {lot.adjustments.length > 0 ? (
          <>
            <h4 className="mt-3 text-sm font-semibold text-stone-800">{t("ui_lots_history", { number: lot.number })}</h4>
            <ul className="mt-1 text-sm text-stone-700">
              {lot.adjustments.map((a) => (
                <li key={a.id} className="[overflow-wrap:anywhere]">
                  {t("ui_lots_history_line", {
                    change: a.change > 0 ? `+${a.change}` : String(a.change),
                    date: formatDate(a.at, locale),
                    reason: a.reason,
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </details>
  );
}

function ReceiveLot({ size, kind, reply }: { size: SizeLots; kind: LotKind | null; reply?: LotsReply }) {
  const t = useT();
  const sent = (name: string) => reply?.sent[name] ?? "";
  const field = (name: string) => ({ name, defaultValue: sent(name), error: reply?.fields[name] });
  return (
    <details className="mt-3 rounded-lg ring-1 ring-stone-300" open={Boolean(reply) || size.lots.length === 0}>
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-brand-800">
        {t("ui_lots_receive_of", { label: size.label })}
      </summary>
      <div className="px-3 pb-3">
        <FormError message={reply?.error} />
        <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2" data-testid="receive-lot">
          <input type="hidden" name="intent" value="receive-lot" />
          <input type="hidden" name="variantId" value={size.variantId} />
          <TextField label={t("ui_lots_field_number")} required maxLength={40} {...field("number")} />
          <TextField label={t("ui_lots_field_quantity")} required inputMode="numeric" maxLength={7} {...field("quantity")} />
          <TextField label={t("ui_lots_field_made")} type="date" {...field("manufacturedOn")} />
          <TextField
            label={t("ui_lots_field_expires")}
            type="date"
            required={kind === "seed" || kind === "pesticide"}
            {...field("expiresOn")}
          />
          {kind === "seed" ? (
            <>
              <TextField label={t("ui_lots_field_tested")} type="date" required {...field("testedOn")} />
              <TextField label={t("ui_lots_field_germination")} required inputMode="numeric" maxLength={3} {...field("germination")} />
              <TextField label={t("ui_lots_field_purity")} required inputMode="numeric" maxLength={3} {...field("purity")} />
              <label className="flex items-start gap-3 self-center text-sm text-stone-800">
                <input type="checkbox" name="treated" defaultChecked={sent("treated") === "on"} className="mt-1 h-4 w-4 accent-green-700" />
                <span>{t("ui_lots_field_treated")}</span>
              </label>
            </>
          ) : null}
          {kind === "pesticide" ? (
            <>
              <TextField label={t("ui_lots_field_registration")} required maxLength={60} {...field("registrationNo")} />
              <TextField label={t("ui_lots_field_phi")} inputMode="numeric" maxLength={3} {...field("phiDays")} />
              <TextField className="sm:col-span-2" label={t("ui_lots_field_antidote")} maxLength={300} {...field("antidote")} />
            </>
          ) : null}
          {kind === "fertiliser" ? <TextField label={t("ui_lots_field_fco")} maxLength={60} {...field("fcoGrade")} /> : null}
          <button type="submit" className={`${button} justify-self-start sm:col-span-2`}>
            {t("ui_lots_receive_submit")}
          </button>
        </Form>
      </div>
    </details>
  );
}

import { formatPaise } from "~/platform/core/money";
import { RETURN_WINDOW_DAYS } from "~/features/orders/domain/returns";
import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { Bullets, ContactList, h2, LegalHeader, type LegalStore, p, PageLink, rich } from "./legal-text.server";

/** The Terms of Service, as HTML made by its loader (`StaticHtml` shows it), in the page's language. */
export function termsMarkup(store: LegalStore): string {
  return staticMarkup(<TermsContent store={store} />);
}

function TermsContent({ store }: { store: LegalStore }) {
  const siteName = store.siteTitle;
  const refund = <PageLink to="/refund">{m.legal_common_refund_link()}</PageLink>;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <LegalHeader title={m.legal_terms_title()} />
      <p className={p}>
        {rich(m.legal_terms_intro, { siteName, privacy: <PageLink to="/privacy">{m.legal_common_privacy_link()}</PageLink>, refund })}
      </p>

      <h2 className={h2}>{m.legal_terms_eligibility_heading()}</h2>
      <p className={p}>{m.legal_terms_eligibility()}</p>

      <h2 className={h2}>{m.legal_terms_account_heading()}</h2>
      <Bullets items={[m.legal_terms_account_1(), m.legal_terms_account_2(), m.legal_terms_account_3(), m.legal_terms_account_4()]} />

      <h2 className={h2}>{m.legal_terms_prices_heading()}</h2>
      <Bullets items={[m.legal_terms_prices_1(), pricesShown(store.tax), deliveryCharge(store.tax.shipping), m.legal_terms_prices_4()]} />

      <h2 className={h2}>{m.legal_terms_orders_heading()}</h2>
      <p className={p}>{m.legal_terms_orders()}</p>

      <h2 className={h2}>{m.legal_terms_payment_heading()}</h2>
      <p className={p}>{m.legal_terms_payment_intro()}</p>
      <Bullets items={[m.legal_terms_payment_1(), m.legal_terms_payment_2(), m.legal_terms_payment_3()]} />
      <p className={p}>{m.legal_terms_payment_after()}</p>

      <h2 className={h2}>{m.legal_terms_delivery_heading()}</h2>
      <p className={p}>{m.legal_terms_delivery()}</p>

      <h2 className={h2}>{m.legal_terms_returns_heading()}</h2>
      <p className={p}>{rich(m.legal_terms_returns, { refund, days: RETURN_WINDOW_DAYS })}</p>

      <h2 className={h2}>{m.legal_terms_vendors_heading()}</h2>
      <p className={p}>{m.legal_terms_vendors({ siteName })}</p>

      <h2 className={h2}>{m.legal_terms_use_heading()}</h2>
      <p className={p}>{m.legal_terms_use()}</p>

      <h2 className={h2}>{m.legal_terms_liability_heading()}</h2>
      <p className={p}>{m.legal_terms_liability()}</p>

      <h2 className={h2}>{m.legal_terms_changes_heading()}</h2>
      <p className={p}>{m.legal_terms_changes()}</p>

      <h2 className={h2}>{m.legal_terms_law_heading()}</h2>
      <p className={p}>{m.legal_terms_law()}</p>

      <h2 className={h2}>{m.legal_terms_grievance_heading()}</h2>
      <p className={p}>{m.legal_terms_grievance()}</p>
      <ContactList store={store} />
    </article>
  );
}

/** How prices are shown and taxed, as the store's settings have it (issue 29). */
function pricesShown(tax: LegalStore["tax"]) {
  if (tax.display === "inclusive")
    return tax.mode === "flat" ? m.legal_terms_prices_2_inclusive_flat() : m.legal_terms_prices_2_inclusive();
  return tax.mode === "flat" ? m.legal_terms_prices_2() : m.legal_terms_prices_2_by_rate();
}

/** The delivery charge and its free threshold, as the store's settings have them. */
function deliveryCharge({ feePaise, freeOverPaise }: LegalStore["tax"]["shipping"]) {
  if (feePaise === 0) return m.legal_terms_prices_3_free();
  return m.legal_terms_prices_3({ fee: formatPaise(feePaise), threshold: formatPaise(freeOverPaise) });
}

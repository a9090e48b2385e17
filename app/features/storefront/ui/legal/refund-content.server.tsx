import { RETURN_WINDOW_DAYS } from "~/features/orders/domain/returns";
import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { Bullets, EmailLink, h2, LegalHeader, type LegalStore, p, PageLink, PhoneLink, rich } from "./legal-text.server";

/** The Refund & Returns Policy, as HTML made by its loader (`StaticHtml` shows it), in the page's language. */
export function refundMarkup(store: LegalStore): string {
  return staticMarkup(<RefundContent store={store} />);
}

function RefundContent({ store }: { store: LegalStore }) {
  const days = RETURN_WINDOW_DAYS;
  const email = <EmailLink email={store.email} />;
  const phone = <PhoneLink phone={store.phone} />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <LegalHeader title={m.legal_refund_title()} />
      <p className={p}>
        {rich(m.legal_refund_intro, { siteName: store.siteTitle, terms: <PageLink to="/terms">{m.legal_common_terms_link()}</PageLink> })}
      </p>

      <h2 className={h2}>{m.legal_refund_cancel_heading()}</h2>
      <Bullets items={[m.legal_refund_cancel_1(), m.legal_refund_cancel_2()]} />

      <h2 className={h2}>{m.legal_refund_tools_heading()}</h2>
      <p className={p}>{m.legal_refund_tools({ days })}</p>

      <h2 className={h2}>{m.legal_refund_seeds_heading()}</h2>
      <Bullets items={[m.legal_refund_seeds_1(), m.legal_refund_seeds_2({ days }), m.legal_refund_seeds_3()]} />

      <h2 className={h2}>{m.legal_refund_machinery_heading()}</h2>
      <Bullets items={[m.legal_refund_machinery_1(), m.legal_refund_machinery_2(), m.legal_refund_machinery_3()]} />

      <h2 className={h2}>{m.legal_refund_how_heading()}</h2>
      <ol className="mt-3 list-decimal pl-6 space-y-1">
        <li>
          {rich(m.legal_refund_how_1, {
            myOrders: <PageLink to="/orders">{m.legal_refund_my_orders_link()}</PageLink>,
            returnItems: <strong>{m.legal_refund_return_items()}</strong>,
            days,
            email,
            phone,
          })}
        </li>
        <li>{m.legal_refund_how_2()}</li>
        <li>{m.legal_refund_how_3()}</li>
        <li>{m.legal_refund_how_4()}</li>
      </ol>

      <h2 className={h2}>{m.legal_refund_refunds_heading()}</h2>
      <Bullets items={[m.legal_refund_refunds_1(), m.legal_refund_refunds_2(), m.legal_refund_refunds_3(), m.legal_refund_refunds_4()]} />

      <h2 className={h2}>{m.legal_refund_shipping_heading()}</h2>
      <Bullets items={[m.legal_refund_shipping_1(), m.legal_refund_shipping_2()]} />

      <h2 className={h2}>{m.legal_refund_help_heading()}</h2>
      <p className={p}>
        {rich(m.legal_refund_help, {
          email,
          phone,
          contactPage: <PageLink to="/contact">{m.legal_common_contact_page_link()}</PageLink>,
        })}
      </p>
    </article>
  );
}

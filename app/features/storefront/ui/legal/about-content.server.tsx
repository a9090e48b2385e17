import { formatPaise } from "~/platform/core/money";
import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { EmailLink, h2, LegalHeader, type LegalStore, list, p, PageLink, PhoneLink, rich } from "./legal-text.server";

/** The About page, as HTML made by its loader (`StaticHtml` shows it), in the page's language. */
export function aboutMarkup(store: LegalStore): string {
  return staticMarkup(<AboutContent store={store} />);
}

function AboutContent({ store }: { store: LegalStore }) {
  const siteName = store.siteTitle;
  const values = [
    [m.legal_about_value_seeds_title(), m.legal_about_value_seeds()],
    [m.legal_about_value_equipment_title(), m.legal_about_value_equipment()],
    [m.legal_about_value_prices_title(), m.legal_about_value_prices({ threshold: formatPaise(store.tax.shipping.freeOverPaise) })],
    [m.legal_about_value_advice_title(), m.legal_about_value_advice()],
    [m.legal_about_value_delivery_title(), m.legal_about_value_delivery()],
  ] as const;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <LegalHeader title={m.legal_about_title({ siteName })} />

      <p className={p}>{m.legal_about_intro({ siteName })}</p>

      <h2 className={h2}>{m.legal_about_mission_heading()}</h2>
      <p className={p}>{m.legal_about_mission()}</p>

      <h2 className={h2}>{m.legal_about_values_heading()}</h2>
      <ul className={list}>
        {values.map(([title, body]) => (
          <li key={title}>
            <strong className="text-stone-900">{title}</strong> {body}
          </li>
        ))}
      </ul>

      <h2 className={h2}>{m.legal_about_serve_heading()}</h2>
      <p className={p}>{m.legal_about_serve({ siteName })}</p>

      <h2 className={h2}>{m.legal_about_promise_heading()}</h2>
      <p className={p}>{m.legal_about_promise()}</p>

      <h2 className={h2}>{m.legal_about_talk_heading()}</h2>
      <p className={p}>
        {rich(m.legal_about_talk, {
          email: <EmailLink email={store.email} />,
          phone: <PhoneLink phone={store.phone} />,
          contactPage: <PageLink to="/contact">{m.legal_common_contact_page_link()}</PageLink>,
        })}
      </p>
    </article>
  );
}

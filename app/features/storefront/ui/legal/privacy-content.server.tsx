import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { Bullets, ContactList, h2, LegalHeader, type LegalStore, list, p, PageLink, rich } from "./legal-text.server";

const code = "rounded bg-stone-100 px-1 font-mono text-sm text-stone-900";

/** The Privacy Policy, as HTML made by its loader (`StaticHtml` shows it), in the page's language. */
export function privacyMarkup(store: LegalStore): string {
  return staticMarkup(<PrivacyContent store={store} />);
}

function PrivacyContent({ store }: { store: LegalStore }) {
  const siteName = store.siteTitle;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <LegalHeader title={m.legal_privacy_title()} />
      <p className={p}>{m.legal_privacy_intro({ siteName })}</p>

      <h2 className={h2}>{m.legal_privacy_who_heading({ siteName })}</h2>
      <p className={p}>{m.legal_privacy_who()}</p>

      <h2 className={h2}>{m.legal_privacy_collect_heading()}</h2>
      <Bullets
        items={[
          m.legal_privacy_collect_1(),
          m.legal_privacy_collect_2(),
          m.legal_privacy_collect_3(),
          m.legal_privacy_collect_4(),
          m.legal_privacy_collect_5(),
        ]}
      />
      <p className={p}>{m.legal_privacy_collect_payments()}</p>

      <h2 className={h2}>{m.legal_privacy_why_heading()}</h2>
      <Bullets
        items={[
          m.legal_privacy_why_1(),
          m.legal_privacy_why_2(),
          m.legal_privacy_why_3(),
          m.legal_privacy_why_4(),
          m.legal_privacy_why_5(),
        ]}
      />

      <h2 className={h2}>{m.legal_privacy_cookies_heading()}</h2>
      <p className={p}>{m.legal_privacy_cookies_intro()}</p>
      <ul className={list}>
        <li>{m.legal_privacy_cookies_1()}</li>
        <li>{rich(m.legal_privacy_cookies_2, { key: <code className={code}>angle-cart</code> })}</li>
        <li>{rich(m.legal_privacy_cookies_3, { key: <code className={code}>angle-user</code> })}</li>
      </ul>
      <p className={p}>{m.legal_privacy_cookies_after()}</p>

      <h2 className={h2}>{m.legal_privacy_share_heading()}</h2>
      <p className={p}>{m.legal_privacy_share_intro()}</p>
      <Bullets items={[m.legal_privacy_share_1(), m.legal_privacy_share_2(), m.legal_privacy_share_3(), m.legal_privacy_share_4()]} />

      <h2 className={h2}>{m.legal_privacy_keep_heading()}</h2>
      <p className={p}>{m.legal_privacy_keep()}</p>

      <h2 className={h2}>{m.legal_privacy_protect_heading()}</h2>
      <Bullets items={[m.legal_privacy_protect_1(), m.legal_privacy_protect_2(), m.legal_privacy_protect_3()]} />
      <p className={p}>{m.legal_privacy_protect_breach()}</p>

      <h2 className={h2}>{m.legal_privacy_rights_heading()}</h2>
      <p className={p}>{m.legal_privacy_rights_intro()}</p>
      <Bullets
        items={[
          m.legal_privacy_rights_1(),
          m.legal_privacy_rights_2(),
          m.legal_privacy_rights_3(),
          m.legal_privacy_rights_4(),
          m.legal_privacy_rights_5(),
          m.legal_privacy_rights_6(),
        ]}
      />

      <h2 className={h2}>{m.legal_privacy_changes_heading()}</h2>
      <p className={p}>{rich(m.legal_privacy_changes, { terms: <PageLink to="/terms">{m.legal_common_terms_link()}</PageLink> })}</p>

      <h2 className={h2}>{m.legal_privacy_contact_heading()}</h2>
      <p className={p}>{m.legal_privacy_contact_intro()}</p>
      <ContactList store={store} />
    </article>
  );
}

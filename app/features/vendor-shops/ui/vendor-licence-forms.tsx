import { Form, useNavigation } from "react-router";
import { LICENCE_STATUS_STYLES } from "~/features/vendor-shops/ui/vendor-licences";
import { StateSelect } from "~/features/delivery/ui/state-select";
import { StateCheckboxes } from "~/features/delivery/ui/state-checkboxes";
import { TextField } from "~/ui/text-field";
import { formatDate } from "~/platform/core/dates";
import {
  LICENCE_AUTHORITY_MAX,
  LICENCE_LAWS,
  LICENCE_NUMBER_MAX,
  type Licence,
  type LicenceKind,
  type LicenceStatus,
} from "~/features/vendor-shops/domain/licences";
import { licenceInSentenceLabel, licenceLabel, licenceStatusLabel, regulatedLabel } from "~/features/vendor-shops/ui/vendor-words";
import { useLocale, useT } from "~/platform/i18n/i18n";

export type LicenceFormValues = { number: string; expiresOn: string; authority: string; state: string; states: string[] };
/** A refused licence form: which kind, what was typed and what is wrong. */
export type LicenceRefusal = {
  kind: LicenceKind;
  error: string;
  fields: Partial<Record<keyof LicenceFormValues, string>>;
  values: LicenceFormValues;
};

type Props = {
  licences: { kind: LicenceKind; status: LicenceStatus; licence: Licence | null }[];
  /** India's date: the earliest expiry the form accepts. */
  today: string;
  refused?: LicenceRefusal | null;
  /** The kinds whose licences limit delivery to their States (the form then requires them). */
  territorial: readonly LicenceKind[];
};

/** The vendor's licences to sell seeds, fertilisers and pesticides: one form per kind. */
export function VendorLicenceForms({ licences, today, refused, territorial }: Props) {
  const t = useT();
  return (
    <section id="licences" aria-labelledby="licences-title" className="mt-6 max-w-2xl">
      <h2 id="licences-title" className="text-xl font-bold text-stone-900">
        {t("ui_vendor_licences_title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("ui_vendor_licences_intro")}</p>
      <div className="mt-3 space-y-4">
        {licences.map((entry) => (
          // A saved change remounts the form, so it shows the licence as stored (upper case and all).
          <LicenceForm
            key={`${entry.kind}:${entry.licence?.version ?? 0}:${entry.status}`}
            {...entry}
            today={today}
            refused={refused?.kind === entry.kind ? refused : null}
            limited={territorial.includes(entry.kind)}
          />
        ))}
      </div>
    </section>
  );
}

function LicenceForm({
  kind,
  status,
  licence,
  today,
  refused,
  limited,
}: Props["licences"][number] & { today: string; refused: LicenceRefusal | null; limited: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("kind") === kind;
  const shown: LicenceFormValues = refused?.values ?? {
    number: licence?.number ?? "",
    expiresOn: licence?.expiresOn ?? "",
    authority: licence?.authority ?? "",
    state: licence?.state ?? "",
    states: licence?.states ?? [],
  };
  const errors = refused?.fields ?? {};
  const t = useT();
  const locale = useLocale();
  const kindName = regulatedLabel(t, kind);
  const titleId = `licence-${kind}-title`;
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={titleId}
      className="rounded-xl bg-white p-5 ring-1 ring-stone-200"
      data-testid="licence-form"
      data-kind={kind}
    >
      <input type="hidden" name="intent" value="licence" />
      <input type="hidden" name="kind" value={kind} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-stone-900">
          {licenceLabel(t, kind)}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${LICENCE_STATUS_STYLES[status]}`} data-testid="licence-status">
          {licenceStatusLabel(t, status)}
        </span>
      </div>
      <p className="text-sm text-stone-600">
        {t("ui_vendor_licence_for", { kind: kindName, law: LICENCE_LAWS[kind] })}
        {status === "verified" && licence?.verifiedAt
          ? t("ui_vendor_licence_verified_on", { date: formatDate(licence.verifiedAt, locale) })
          : ""}
        {status === "expired" && licence
          ? t("ui_vendor_licence_expired_on", { date: formatDate(`${licence.expiresOn}T12:00:00+05:30`, locale) })
          : ""}
      </p>
      {refused ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {refused.error}
        </p>
      ) : null}
      <fieldset disabled={busy} className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("ui_vendor_licence_number")}
          name="number"
          required
          maxLength={LICENCE_NUMBER_MAX}
          autoComplete="off"
          defaultValue={shown.number}
          error={errors.number}
        />
        <TextField
          label={t("ui_vendor_licence_valid_until")}
          name="expiresOn"
          type="date"
          required
          min={today}
          defaultValue={shown.expiresOn}
          error={errors.expiresOn}
        />
        <TextField
          label={t("ui_vendor_licence_authority")}
          name="authority"
          maxLength={LICENCE_AUTHORITY_MAX}
          defaultValue={shown.authority}
          error={errors.authority}
        />
        <StateSelect label={t("ui_vendor_licence_state")} required={false} defaultValue={shown.state} error={errors.state} />
        <div className="sm:col-span-2">
          <StateCheckboxes
            name="states"
            legend={t("ui_vendor_licence_states")}
            required={limited}
            hint={t(limited ? "ui_vendor_licence_states_hint_limited" : "ui_vendor_licence_states_hint_open", { kind: kindName })}
            defaultValue={shown.states}
            error={errors.states}
          />
        </div>
        {status === "verified" ? (
          <p className="text-sm text-stone-700 sm:col-span-2">{t("ui_vendor_licence_change_warning", { kind: kindName })}</p>
        ) : null}
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white sm:col-span-2">
          {busy ? t("ui_vendor_saving") : t("ui_vendor_licence_save", { what: licenceInSentenceLabel(t, kind) })}
        </button>
      </fieldset>
    </Form>
  );
}

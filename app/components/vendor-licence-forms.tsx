import { Form, useNavigation } from "react-router";
import { LICENCE_STATUS_STYLES } from "~/components/admin/vendor-licences";
import { StateSelect } from "~/components/state-select";
import { TextField } from "~/components/ui/text-field";
import { formatDate } from "~/domain/dates";
import { formatIsoDay } from "~/domain/india-day";
import {
  LICENCE_AUTHORITY_MAX,
  LICENCE_LABELS,
  LICENCE_LAWS,
  LICENCE_NUMBER_MAX,
  LICENCE_STATUS_LABELS,
  type Licence,
  type LicenceKind,
  type LicenceStatus,
  licenceInSentence,
  REGULATED_LABELS,
} from "~/domain/licences";

export type LicenceFormValues = { number: string; expiresOn: string; authority: string; state: string };
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
};

/** The vendor's licences to sell seeds, fertilisers and pesticides: one form per kind. */
export function VendorLicenceForms({ licences, today, refused }: Props) {
  return (
    <section id="licences" aria-labelledby="licences-title" className="mt-6 max-w-2xl">
      <h2 id="licences-title" className="text-xl font-bold text-stone-900">
        Licences
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Selling seeds and saplings, fertilisers or pesticides needs a licence. Our team verifies each one before your listings of that kind
        can be approved, and they are on sale only while it is verified and valid.
      </p>
      <div className="mt-3 space-y-4">
        {licences.map((entry) => (
          // A saved change remounts the form, so it shows the licence as stored (upper case and all).
          <LicenceForm
            key={`${entry.kind}:${entry.licence?.version ?? 0}:${entry.status}`}
            {...entry}
            today={today}
            refused={refused?.kind === entry.kind ? refused : null}
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
}: Props["licences"][number] & { today: string; refused: LicenceRefusal | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("kind") === kind;
  const shown: LicenceFormValues = refused?.values ?? {
    number: licence?.number ?? "",
    expiresOn: licence?.expiresOn ?? "",
    authority: licence?.authority ?? "",
    state: licence?.state ?? "",
  };
  const errors = refused?.fields ?? {};
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
          {LICENCE_LABELS[kind]}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${LICENCE_STATUS_STYLES[status]}`} data-testid="licence-status">
          {LICENCE_STATUS_LABELS[status]}
        </span>
      </div>
      <p className="text-sm text-stone-600">
        For {REGULATED_LABELS[kind].toLowerCase()} listings, under the {LICENCE_LAWS[kind]}.
        {status === "verified" && licence?.verifiedAt ? ` Verified on ${formatDate(licence.verifiedAt)}.` : ""}
        {status === "expired" && licence ? ` It expired on ${formatIsoDay(licence.expiresOn)}.` : ""}
      </p>
      {refused ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {refused.error}
        </p>
      ) : null}
      <fieldset disabled={busy} className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label="Licence number"
          name="number"
          required
          maxLength={LICENCE_NUMBER_MAX}
          autoComplete="off"
          defaultValue={shown.number}
          error={errors.number}
        />
        <TextField
          label="Valid until"
          name="expiresOn"
          type="date"
          required
          min={today}
          defaultValue={shown.expiresOn}
          error={errors.expiresOn}
        />
        <TextField
          label="Issuing authority (optional)"
          name="authority"
          maxLength={LICENCE_AUTHORITY_MAX}
          defaultValue={shown.authority}
          error={errors.authority}
        />
        <StateSelect label="Issuing State (optional)" required={false} defaultValue={shown.state} error={errors.state} />
        {status === "verified" ? (
          <p className="text-sm text-stone-700 sm:col-span-2">
            Changing these details sends the licence back for verification: your {REGULATED_LABELS[kind].toLowerCase()} listings are off
            sale until our team verifies it again.
          </p>
        ) : null}
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white sm:col-span-2">
          {busy ? "Saving..." : `Save ${licenceInSentence(kind)}`}
        </button>
      </fieldset>
    </Form>
  );
}

import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatIsoDay } from "~/platform/core/india-day";
import {
  LICENCE_LABELS,
  LICENCE_STATUS_LABELS,
  type Licence,
  type LicenceKind,
  type LicenceStatus,
} from "~/features/vendor-shops/domain/licences";

export const LICENCE_STATUS_STYLES: Record<LicenceStatus, string> = {
  missing: "bg-stone-100 text-stone-800",
  awaiting: "bg-amber-100 text-amber-900",
  verified: "bg-green-100 text-green-800",
  expired: "bg-red-100 text-red-800",
};

type Props = {
  vendorId: string;
  businessName: string;
  licences: { kind: LicenceKind; status: LicenceStatus; licence: Licence | null }[];
};

/**
 * A vendor's licences on the admin vendors page: each kind's number, expiry and standing, with
 * "Mark verified" for one awaiting verification (the version shown is the one verified) and
 * "Revoke" for a verified one.
 */
export function VendorLicences({ vendorId, businessName, licences }: Props) {
  return (
    <ul className="space-y-2 text-left">
      {licences.map(({ kind, status, licence }) => (
        <li key={kind} data-testid="vendor-licence" data-kind={kind}>
          <span className="font-medium">{LICENCE_LABELS[kind]}</span>{" "}
          <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${LICENCE_STATUS_STYLES[status]}`}>
            {LICENCE_STATUS_LABELS[status]}
          </span>
          {licence ? (
            <span className="block text-xs text-stone-700">
              No. <span className="font-mono">{licence.number}</span>, valid until {formatIsoDay(licence.expiresOn)}
              {licence.authority ? `, ${licence.authority}` : ""}
              {licence.state ? `, ${licence.state}` : ""}
              <span className="block" data-testid="licence-states">
                {licence.states.length ? `Valid in ${licence.states.join(", ")}` : "States where it is valid: not entered"}
              </span>
            </span>
          ) : null}
          {status === "awaiting" && licence ? (
            <LicenceAction vendorId={vendorId} kind={kind} intent="verify-licence" version={licence.version}>
              Mark verified
              <span className="sr-only">
                : {businessName}, {LICENCE_LABELS[kind]}
              </span>
            </LicenceAction>
          ) : null}
          {status === "verified" ? (
            <LicenceAction vendorId={vendorId} kind={kind} intent="revoke-licence">
              Revoke
              <span className="sr-only">
                : {businessName}, {LICENCE_LABELS[kind]}
              </span>
            </LicenceAction>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function LicenceAction({
  vendorId,
  kind,
  intent,
  version,
  children,
}: {
  vendorId: string;
  kind: LicenceKind;
  intent: "verify-licence" | "revoke-licence";
  version?: number;
  children: ReactNode;
}) {
  const verify = intent === "verify-licence";
  return (
    <Form method="post" className="mt-1">
      <input type="hidden" name="vendorId" value={vendorId} />
      <input type="hidden" name="kind" value={kind} />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`min-h-9 rounded-lg px-3 text-sm font-semibold ${verify ? "bg-brand-700 text-white" : "border border-red-700 text-red-800"}`}
      >
        {children}
      </button>
    </Form>
  );
}

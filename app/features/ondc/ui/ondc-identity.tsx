import type { OndcIdentity } from "../domain/identity";

/** The admin page's panel of the store's identity on ONDC: public values only (ondc-identity.server.ts). */
export function OndcIdentityPanel({ identity }: { identity: OndcIdentity }) {
  const rows: [string, string | null][] = [
    ["Subscriber ID", identity.subscriberId],
    ["Callback URL (bpp_uri)", identity.subscriberUrl],
    ["Unique key ID", identity.uniqueKeyId],
    ["Signing public key", identity.signingPublicKey],
    ["Encryption public key", identity.encryptionPublicKey],
  ];
  return (
    <section aria-labelledby="ondc-identity-title" className="mt-4 rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <h2 id="ondc-identity-title" className="font-bold text-stone-900">
        This store on the network
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="ondc-configured">
        {identity.configured
          ? "Configured: these are the values registered with ONDC's registry."
          : "Not configured: set the ONDC_* settings on the server (docs/ondc.md) and restart it."}
      </p>
      {identity.keyProblem ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {identity.keyProblem}
        </p>
      ) : null}
      <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-stone-700">{label}</dt>
            <dd className="font-mono text-xs break-all text-stone-900">{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

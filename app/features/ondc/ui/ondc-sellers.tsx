import { Form, Link } from "react-router";

/** A seller on the admin page: the store or an approved vendor shop, and the location saved for it (seller-locations.server.ts). */
export type OndcSellerView = { providerId: string; name: string; location: { gps: string; city: string } | null };

const field = "mt-1 h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-stone-900";

/**
 * Where each seller ships from, as ONDC needs it: the catalogue leaves out a seller without a GPS and
 * city, so each one without them carries a warning, and a form sets or clears them.
 */
export function OndcSellers({
  sellers,
  cities,
  error,
}: {
  sellers: OndcSellerView[];
  cities: "*" | string[] | null;
  error: { providerId: string; message: string } | null;
}) {
  return (
    <section aria-labelledby="ondc-sellers-title" className="mt-6">
      <h2 id="ondc-sellers-title" className="text-lg font-bold text-stone-900">
        Seller locations
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        ONDC needs where each seller ships from: its GPS (latitude,longitude with six decimals) and its city as an STD code. A search for a
        city is answered with the sellers located in it.
      </p>
      <p className="mt-1 text-sm text-stone-700" data-testid="ondc-cities">
        {cities === null
          ? "Cities served on ONDC: none yet, as ONDC is not configured on this server (ONDC_CITIES)."
          : cities === "*"
            ? "Cities served on ONDC: every city (ONDC_CITIES is *)."
            : `Cities served on ONDC: ${cities.join(", ")}.`}
      </p>
      <ul className="mt-3 space-y-3">
        {sellers.map((s) => {
          const id = `seller-${s.providerId}`;
          const failed = error?.providerId === s.providerId ? error.message : null;
          return (
            <li
              key={s.providerId}
              className="rounded-xl bg-white p-4 ring-1 ring-stone-200"
              aria-labelledby={`${id}-name`}
              data-testid={id}
            >
              <h3 id={`${id}-name`} className="font-semibold text-stone-900">
                {s.name}
                {s.providerId === "store" ? <span className="ml-2 text-sm font-normal text-stone-600">(the store)</span> : null}
              </h3>
              {s.location ? (
                <p className="mt-1 text-sm text-stone-700">
                  Ships from <span className="font-mono">{s.location.gps}</span> in <span className="font-mono">{s.location.city}</span>.
                </p>
              ) : (
                <p className="mt-1 rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-900">
                  Not listed on ONDC until its location is set.
                </p>
              )}
              {failed ? (
                <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm font-medium text-red-800">
                  {failed}
                </p>
              ) : null}
              <Form
                method="post"
                className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
                key={JSON.stringify(s.location)}
              >
                <input type="hidden" name="intent" value="location" />
                <input type="hidden" name="providerId" value={s.providerId} />
                <div>
                  <label htmlFor={`${id}-gps`} className="text-sm font-medium text-stone-700">
                    GPS of {s.name}
                  </label>
                  <input
                    id={`${id}-gps`}
                    name="gps"
                    defaultValue={s.location?.gps ?? ""}
                    placeholder="18.520400,73.856700"
                    inputMode="decimal"
                    aria-invalid={failed ? true : undefined}
                    className={`${field} font-mono`}
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-city`} className="text-sm font-medium text-stone-700">
                    City of {s.name}
                  </label>
                  <input
                    id={`${id}-city`}
                    name="city"
                    defaultValue={s.location?.city ?? ""}
                    placeholder="std:020"
                    aria-invalid={failed ? true : undefined}
                    className={`${field} font-mono`}
                  />
                </div>
                <div className="flex gap-2">
                  <button type="submit" name="op" value="save" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
                    Save location
                  </button>
                  {s.location ? (
                    <button
                      type="submit"
                      name="op"
                      value="clear"
                      className="h-10 rounded-lg border border-stone-300 bg-white px-4 font-semibold text-stone-900"
                    >
                      Clear
                    </button>
                  ) : null}
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Whether the bank account buyer apps settle to is complete; `init` is refused until it is. */
export function OndcSettlement({ settlement }: { settlement: { complete: boolean; missing: string[] } }) {
  return (
    <section aria-labelledby="ondc-settlement-title" className="mt-4 rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <h2 id="ondc-settlement-title" className="font-bold text-stone-900">
        Settlement account
      </h2>
      {settlement.complete ? (
        <p className="mt-1 text-sm text-stone-700" data-testid="ondc-settlement">
          Complete: buyer apps settle to the bank-transfer account in Payment Settings.
        </p>
      ) : (
        <p className="mt-1 rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-900" data-testid="ondc-settlement">
          Incomplete: buyer apps cannot place orders until the bank-transfer account has its {settlement.missing.join(", ")}.{" "}
          <Link to="/admin/payment-settings" className="underline">
            Set it in Payment Settings
          </Link>
          .
        </p>
      )}
    </section>
  );
}

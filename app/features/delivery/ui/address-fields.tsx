import { StateSelect } from "~/features/delivery/ui/state-select";
import { TextField } from "~/ui/text-field";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { useT } from "~/platform/i18n/i18n";

export type AddressValues = { street: string; city: string; state: string; pincode: string };

type Props = {
  /** What the fields start with (the account's saved address), if anything. */
  values?: AddressValues;
  /** Errors keyed by field name, as the action returned them. */
  errors: Partial<Record<keyof AddressValues, string>>;
  pincodeHint?: string;
  /** Called as the pincode is typed (the checkout looks it up to fill the State). */
  onPincodeChange?: (pincode: string) => void;
};

/**
 * An Indian postal address: street, city, State/UT and pincode, with the names the address schemas
 * read and the browser's autocomplete tokens. Lays itself out in the caller's two-column grid.
 */
export function AddressFields({ values, errors, pincodeHint, onPincodeChange }: Props) {
  const t = useT();
  return (
    <>
      <TextField
        className="sm:col-span-2"
        label={t("ui_checkout_street")}
        name="street"
        required
        autoComplete="street-address"
        maxLength={FIELD_MAX.street}
        defaultValue={values?.street}
        error={errors.street}
      />
      <TextField
        label={t("ui_checkout_city")}
        name="city"
        required
        autoComplete="address-level2"
        maxLength={FIELD_MAX.city}
        defaultValue={values?.city}
        error={errors.city}
      />
      <StateSelect defaultValue={values?.state} error={errors.state} />
      <TextField
        label={t("ui_checkout_pincode")}
        name="pincode"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        defaultValue={values?.pincode}
        error={errors.pincode}
        hint={pincodeHint}
        onChange={onPincodeChange ? (event) => onPincodeChange(event.currentTarget.value) : undefined}
      />
    </>
  );
}

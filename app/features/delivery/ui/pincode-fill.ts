import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { DeliveryCheck, PincodePlace } from "~/features/delivery/domain/delivery";

const PINCODE = /^[1-9][0-9]{5}$/;

/**
 * Fills an address form from its pincode: the State always (it decides the tax), the city only
 * while it is empty (what the person typed is theirs). The city is the pincode's district, as
 * India Post names it.
 */
export function fillFromPincode(form: HTMLFormElement | null, place: PincodePlace) {
  const state = form?.elements.namedItem("state");
  if (state instanceof HTMLSelectElement) state.value = place.state;
  const city = form?.elements.namedItem("city");
  if (city instanceof HTMLInputElement && city.value.trim() === "") city.value = place.district;
}

/** Looks a typed pincode up (the same answer "Check delivery" gives) and fills the form's city and State from it. */
export function usePincodeFill(form: React.RefObject<HTMLFormElement | null>) {
  const lookup = useFetcher<{ check: DeliveryCheck }>();
  const check = lookup.data?.check;
  const filled = useRef<DeliveryCheck | undefined>(undefined);
  useEffect(() => {
    if (!check || filled.current === check || check.kind === "invalid" || check.kind === "unknown") return;
    filled.current = check;
    fillFromPincode(form.current, check.place);
  }, [check, form]);
  return (pincode: string) => {
    if (PINCODE.test(pincode.trim())) void lookup.load(`/resources/delivery?pin=${pincode.trim()}`);
  };
}

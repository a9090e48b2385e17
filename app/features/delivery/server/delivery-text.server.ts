import type { DeliveryCheck, PincodePlace } from "~/features/delivery/domain/delivery";
import { districtName } from "~/platform/core/district-names-hi";
import { stateName } from "~/platform/core/indian-states-hi";
import { formatPaise } from "~/platform/core/money";
import { currentLocale, m } from "~/platform/i18n/i18n.server";

const hindiPlace = (place: PincodePlace) => ({ district: districtName(place.district, "hi"), state: stateName(place.state, "hi") });

// "शनिवार, 5 दिसंबर": whole words, not ICU's abbreviations ("शनि, 5 दिस॰"), which read as English shorthand.
const hindiDay = new Intl.DateTimeFormat("hi-IN", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/**
 * "Check delivery"'s answer in the language of the page asking: the domain words it in English (the
 * specification's text, kept as it is); a Hindi page gets the same facts in Hindi, the district and
 * State named in Hindi ("इंदौर, मध्य प्रदेश"). `place` itself keeps the directory's names: checkout fills
 * its State field from it.
 */
export function localizeDeliveryCheck(check: DeliveryCheck): DeliveryCheck {
  if (currentLocale() === "en") return check;
  const { pincode } = check;
  switch (check.kind) {
    case "invalid":
      return { ...check, message: m.store_delivery_pincode_format() };
    case "unknown":
      return { ...check, message: m.store_delivery_unknown({ pincode }) };
    case "unserved":
      return { ...check, message: m.store_delivery_unserved({ pincode, ...hindiPlace(check.place) }) };
    case "delivers":
      return {
        ...check,
        message: m.store_delivery_delivers({ ...hindiPlace(check.place), date: hindiDay.format(new Date(`${check.date}T00:00:00Z`)) }),
        codMessage: check.cod ? m.store_delivery_cod_up_to({ amount: formatPaise(check.codMaxPaise) }) : m.store_delivery_no_cod(),
      };
  }
}

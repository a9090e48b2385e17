import { gstinStateCode, type TaxConfig } from "~/features/tax/domain/gst";
import { indianStateByGstCode } from "~/platform/core/indian-states";
import type { GeneralSettings } from "~/features/settings/domain/settings";

/** What the storefront needs to price and split GST, from General Settings (issue 14). */
export function taxConfig(settings: GeneralSettings): TaxConfig {
  const code = gstinStateCode(settings.storeGstin);
  return {
    mode: settings.taxMode,
    display: settings.priceDisplay,
    storeStateCode: indianStateByGstCode(code)?.gstCode ?? code,
    shipping: { feePaise: settings.shippingFeeRupees * 100, freeOverPaise: settings.freeShippingOverRupees * 100 },
  };
}

import { gstinStateCode, type TaxConfig } from "~/domain/gst";
import { indianStateByGstCode } from "~/domain/indian-states";
import type { GeneralSettings } from "~/domain/settings";

/** What the storefront needs to price and split GST, from General Settings (issue 14). */
export function taxConfig(settings: GeneralSettings): TaxConfig {
  const code = gstinStateCode(settings.storeGstin);
  return { mode: settings.taxMode, display: settings.priceDisplay, storeStateCode: indianStateByGstCode(code)?.gstCode ?? code };
}

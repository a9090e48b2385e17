import { chargedUnitPrice, highestPriceWithinMrp, type TaxMode } from "../../tax/domain/gst";
import type { VariantInput } from "./variants";

/**
 * The MRP rule (issue 29; Legal Metrology (Packaged Commodities) Rules: the MRP includes all taxes,
 * and selling above it is an offence). A size's price is typed before GST; what a unit is charged
 * with GST, under the store's tax mode, must not be above its MRP. A size whose MRP was left blank
 * has no printed MRP: its MRP is what it is charged.
 */
export type MrpProblem = { index: number; chargedPaise: number; mrpPaise: number; maxPaise: number };

export function settleMrp(
  variants: readonly VariantInput[],
  rate: number,
  mode: TaxMode,
): { variants: VariantInput[]; problems: MrpProblem[] } {
  const problems: MrpProblem[] = [];
  const settled = variants.map((v, index) => {
    const charged = chargedUnitPrice(v.pricePaise, rate, mode);
    const { mrpTyped, ...size } = v;
    if (mrpTyped === false) return { ...size, mrpPaise: charged };
    if (charged > v.mrpPaise)
      problems.push({ index, chargedPaise: charged, mrpPaise: v.mrpPaise, maxPaise: highestPriceWithinMrp(v.mrpPaise, rate, mode) });
    return size;
  });
  return { variants: settled, problems };
}

/** The refusal's values for a problem (refusal code "product.price_above_mrp"). */
export const mrpRefusalParams = (p: MrpProblem) => ({ chargedPaise: p.chargedPaise, mrpPaise: p.mrpPaise, maxPaise: p.maxPaise });

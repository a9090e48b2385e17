import { z } from "zod";
import type { OndcCallHandler } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";

/** `update` → `on_update`. Not built yet: answered with ONDC's "Action not applicable". */
export const updateCall: OndcCallHandler<unknown> = {
  message: z.unknown(),
  handle: async () => [{ error: ONDC_ERRORS.notApplicable }],
};

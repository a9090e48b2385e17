import { z } from "zod";
import type { OndcCallHandler } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";

/** `rating` → `on_rating`. Not built yet: answered with ONDC's "Action not applicable". */
export const ratingCall: OndcCallHandler<unknown> = {
  message: z.unknown(),
  handle: async () => [{ error: ONDC_ERRORS.notApplicable }],
};

import { z } from "zod";
import type { OndcCallHandler } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";

/** `issue_status` → `on_issue_status`. Not built yet: answered with ONDC's "Action not applicable". */
export const issueStatusCall: OndcCallHandler<unknown> = {
  message: z.unknown(),
  handle: async () => [{ error: ONDC_ERRORS.notApplicable }],
};

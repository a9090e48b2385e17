import { z } from "zod";

/**
 * MSG91's answer to a flow request: `{"type": "success", "message": "<request id>"}`, or
 * `{"type": "error", "message": "<why>"}` (docs/decisions/035-validated-gateway-responses.md).
 */
export const Msg91AnswerSchema = z.object({ type: z.enum(["success", "error"]), message: z.string().optional() });

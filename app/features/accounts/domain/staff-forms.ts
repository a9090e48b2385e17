import { z } from "zod";
import { STAFF_ROLES } from "../../../platform/core/staff-policy";
import { FIELD_MAX } from "./account-rules";
import { UNKNOWN_INTENT } from "./admin-forms";

const id = z.string().trim().min(1, "Something is missing from the form. Please reload the page.").max(64);
const role = z.enum(STAFF_ROLES, "Choose a role.");

/** The Staff page's forms (issue 33): add a member by email or mobile, change a role, suspend, take off the team. */
export const StaffActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      name: z
        .string()
        .trim()
        .min(1, "Enter the person's name.")
        .max(FIELD_MAX.name, `Name is too long (${FIELD_MAX.name} characters at most).`),
      contact: z
        .string()
        .trim()
        .min(1, "Enter their email address or mobile number.")
        .max(120, "Enter their email address or mobile number."),
      role,
    }),
    z.object({ intent: z.literal("role"), id, role }),
    z.object({ intent: z.enum(["suspend", "activate", "remove"]), id }),
  ],
  { error: UNKNOWN_INTENT },
);

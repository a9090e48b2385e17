import { z } from "zod";
import { addressFields } from "./account";

/** A saved address's id as a form carries it (ids are ours, or `p` + the account's id for the first). */
const AddressIdSchema = z.string().regex(/^[A-Za-z0-9]{6,64}$/);

/** The address book's actions on /account/addresses, one per intent. */
export const AddressBookSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), ...addressFields }),
  z.object({ intent: z.literal("edit"), id: AddressIdSchema, ...addressFields }),
  z.object({ intent: z.literal("delete"), id: AddressIdSchema }),
  z.object({ intent: z.literal("default"), id: AddressIdSchema }),
]);

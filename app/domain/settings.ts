import { z } from "zod";

export const GeneralSettingsSchema = z.object({
  siteTitle: z.string().trim().min(1, "Site title is required.").max(60),
  siteTagline: z.string().trim().max(120),
  adminEmail: z.email("Enter a valid email address.").or(z.literal("")),
  maintenanceMode: z.boolean(),
});
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

/** The settings form: an unticked checkbox is simply absent from the post. */
export const GeneralSettingsFormSchema = GeneralSettingsSchema.extend({
  maintenanceMode: z.preprocess((v) => v === "on", z.boolean()),
});

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  siteTitle: "Angle",
  siteTagline: "Seeds, tools and machinery for every Indian farm",
  adminEmail: "",
  maintenanceMode: false,
};

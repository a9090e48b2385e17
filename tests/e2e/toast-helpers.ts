import type { Page } from "@playwright/test";

/** The live region where the one-time toasts after a change appear (sonner's, labelled by us). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications" });
}

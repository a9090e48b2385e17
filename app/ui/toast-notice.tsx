import { lazy, Suspense, useEffect, useState } from "react";
import type { Toast } from "~/platform/toast/toast";

// Sonner (~10 KB compressed) is fetched only when a toast exists, so pages without one stay lean.
const Toasts = lazy(() => import("./toasts"));

/** Shows the root loader's one-time toast. Without JavaScript the message is a plain banner. */
export function ToastNotice({ toast }: { toast: Toast | null }) {
  // Once loaded the toaster stays mounted, so a toast still on screen is not cut off by the next page.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (toast) setWanted(true);
  }, [toast]);
  return (
    <>
      {toast ? (
        <noscript>
          <p role="status" className="bg-brand-50 p-3 text-center font-medium text-brand-900">
            {toast.title ? `${toast.title}: ` : ""}
            {toast.description}
          </p>
        </noscript>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <Toasts toast={toast} />
        </Suspense>
      ) : null}
    </>
  );
}

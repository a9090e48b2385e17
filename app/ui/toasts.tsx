import { type CSSProperties, useEffect, useSyncExternalStore } from "react";
import { Toaster, toast as showToast } from "sonner";
import type { Toast } from "~/platform/toast/toast";

/**
 * Sonner's toaster, loaded only once a page has a toast to show (see toast-notice.tsx). Its region
 * is aria-live="polite", so screen readers announce each message.
 */
export default function Toasts({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    // The toast's id makes a repeated render update the same toast instead of stacking a copy.
    const options = { id: toast.id, description: toast.title ? toast.description : undefined };
    const text = toast.title ?? toast.description;
    if (toast.type === "success") showToast.success(text, options);
    else if (toast.type === "error") showToast.error(text, options);
    else showToast(text, options);
  }, [toast]);
  // On a phone a toast at the top covers the header and its menu button: there they rise from the bottom.
  const phone = useSyncExternalStore(onPhoneChange, isPhone, () => false);
  return (
    <Toaster
      position={phone ? "bottom-center" : "top-center"}
      richColors
      closeButton
      duration={6000}
      customAriaLabel="Notifications"
      style={READABLE_COLOURS}
    />
  );
}

const PHONE = "(max-width: 639px)";
const isPhone = () => window.matchMedia(PHONE).matches;
function onPhoneChange(listener: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/**
 * Sonner's rich colours put 13 px text at about 4.4:1 on its pale backgrounds (success and error),
 * under WCAG AA's 4.5:1: the same hues, darker, read at over 7:1.
 */
const READABLE_COLOURS = { "--success-text": "#14532d", "--error-text": "#991b1b" } as CSSProperties;

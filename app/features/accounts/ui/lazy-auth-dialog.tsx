import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { authModeOf } from "./auth-dialog-link";

const loadAuthDialog = () => import("./auth-dialog");
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));
const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/**
 * The Login/Register dialog, whose code loads when a visitor first asks for it (?auth=…) or points
 * at a link to it, rather than with every page. Once loaded it stays mounted, so closing it returns
 * focus to the link that opened it. A page served with ?auth= renders it on the server as before.
 */
export function LazyAuthDialog() {
  const { search } = useLocation();
  const wanted = authModeOf(search) !== null;
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);

  useEffect(() => {
    if (mounted) return;
    const warm = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('a[href*="auth="]')) void loadAuthDialog();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, warm, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, warm);
    };
  }, [mounted]);

  return mounted ? (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  ) : null;
}

import { useEffect } from "react";
import type { RootData } from "~/platform/render/root-data";

const USER_KEY = "angle-user";

/**
 * Spec §3: the signed-in user is mirrored in local storage (non-secret fields); the session decides.
 * Rendered by the root, so every page keeps the mirror true: a sign-out in the admin or vendor area,
 * or a session that ended elsewhere, clears it on the next page, not only on the storefront's.
 */
export function UserMirror({ user }: { user: RootData["user"] }) {
  useEffect(() => {
    try {
      if (user)
        window.localStorage.setItem(
          USER_KEY,
          JSON.stringify({ id: user.id, name: user.name, email: user.email, type: user.role, phone: user.phone, address: user.address }),
        );
      else window.localStorage.removeItem(USER_KEY);
    } catch {
      // storage blocked
    }
  }, [user]);
  return null;
}

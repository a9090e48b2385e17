/**
 * A one-time message shown after a change ("Settings saved."). Client-safe: the root loader hands it
 * to the page; app/platform/toast/toast.server.ts carries it across a redirect in a signed cookie.
 */
export type ToastType = "success" | "error" | "message";
export type Toast = { id: string; type: ToastType; title?: string; description: string };

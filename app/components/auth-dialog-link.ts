export type AuthMode = "login" | "register";

/** The Login/Register dialog is opened by a search parameter, so it works before JavaScript loads. */
export function authDialogHref(location: { pathname: string; search: string }, mode: AuthMode) {
  const params = new URLSearchParams(location.search);
  params.set("auth", mode);
  return `${location.pathname}?${params.toString()}`;
}

export function closeAuthDialogHref(location: { pathname: string; search: string }) {
  const params = new URLSearchParams(location.search);
  params.delete("auth");
  const s = params.toString();
  return `${location.pathname}${s ? `?${s}` : ""}`;
}

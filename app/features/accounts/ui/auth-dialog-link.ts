export type AuthMode = "login" | "register";

/** Which form ?auth= asks for, if any. */
export function authModeOf(search: string): AuthMode | null {
  const param = new URLSearchParams(search).get("auth");
  return param === "login" || param === "register" ? param : null;
}

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

import { useContext } from "react";
import { UNSAFE_FrameworkContext, UNSAFE_useScrollRestoration } from "react-router";

/** React Router's key for the saved scroll positions in session storage (its default). */
const POSITIONS = "react-router-scroll-positions";

/**
 * What React Router's `<ScrollRestoration />` does while the page is parsed, without its cost on a
 * first visit. React Router's script gives a history entry that has none a key, then reads the saved
 * positions from session storage under that key. A key made a moment ago has no saved position, but the
 * read is the page's first use of session storage: a synchronous trip to the browser to load the storage
 * area, 2–11 ms of the host's time in the parse, a long task on a slowed phone (decision 045). So: an
 * entry without a key gets one and nothing is read; an entry with a key (a reload, back or forward after
 * the router saved a position) is restored as React Router does.
 */
export const RESTORE_SCROLL = `(()=>{const h=history,k=h.state&&h.state.key;if(!k){h.replaceState({key:Math.random().toString(32).slice(2)},"");return}try{const y=JSON.parse(sessionStorage.getItem(${JSON.stringify(POSITIONS)})||"{}")[k];if(typeof y==="number")scrollTo(0,y)}catch{sessionStorage.removeItem(${JSON.stringify(POSITIONS)})}})()`;

/** React Router's scroll restoration (saving on leave, restoring on client navigations) with the script above. */
export function ScrollRestoration() {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  UNSAFE_useScrollRestoration({});
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, as React Router's own component writes it.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCROLL }} />;
}

/**
 * One line of an address, as lists and the checkout's choices show it; `stateLabel` names the State
 * in the page's language (useStateName: Hindi on a Hindi page). Apart from the address book's
 * schemas, so the pages that show addresses do not bring Zod into the browser.
 */
export function addressLine(a: { street: string; city: string; state: string; pincode: string }, stateLabel = (name: string) => name) {
  return `${a.street}, ${a.city}, ${stateLabel(a.state)} ${a.pincode}`;
}

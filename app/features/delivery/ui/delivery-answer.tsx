import type { DeliveryCheck } from "~/features/delivery/domain/delivery";

/**
 * Where, by when and whether cash on delivery is taken, or why not: the answer to "Check delivery"
 * on the product page (server markup), the cart and the checkout.
 */
export function DeliveryAnswer({
  check,
  id = "delivery-result",
  refused = [],
}: {
  check: DeliveryCheck;
  id?: string;
  /** Products the store delivers there but their seller may not (a licence's States) or the store does not deliver at all. */
  refused?: readonly string[];
}) {
  if (check.kind === "delivers" && refused.length > 0) {
    return (
      <div id={id} className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="delivery-result">
        {refused.map((message) => (
          <p key={message} data-testid="delivery-refused">
            {message}
          </p>
        ))}
      </div>
    );
  }
  if (check.kind !== "delivers") {
    return (
      <p id={id} className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="delivery-result">
        {check.message}
      </p>
    );
  }
  return (
    <div id={id} className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900" data-testid="delivery-result">
      <p className="font-semibold">{check.message}</p>
      <p className="mt-1">{check.codMessage}</p>
    </div>
  );
}

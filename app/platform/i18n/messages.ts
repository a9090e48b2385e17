/** The spec's user-facing strings that several modules share, word for word (spec §8). */
export const CONTACT_SUCCESS = "Thank you for your message! We will get back to you soon.";
export const AUTH_UNEXPECTED = "An unexpected error occurred.";
export const PROFILE_LOAD_FAILED = "Authentication successful, but user profile could not be loaded. Please try again.";
export const CHECKOUT_FAILED = "Could not place your order. Please try again.";
export const ORDER_NOT_FOUND = "Order not found";
export const ORDER_NOT_FOUND_DETAIL = "The order you're looking for doesn't exist or has been removed.";
export const ORDER_LOAD_FAILED = "Failed to load order details.";
export const ORDER_ID_MISSING = "Order ID is missing.";
export const ORDERS_LOAD_FAILED = "Could not load your orders. Please try again.";
export const TOO_MANY_ATTEMPTS = (seconds: number) =>
  `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;

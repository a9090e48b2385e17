/** The spec's user-facing strings that several modules share, word for word (spec §8). */
export const CONTACT_SUCCESS = "Thank you for your message! We will get back to you soon.";

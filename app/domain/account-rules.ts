/** Client-safe account rules (no schema library), shared by the form and the schemas. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters.`;

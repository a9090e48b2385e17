import { data } from "react-router";

// Control characters (NUL above all: PostgreSQL text cannot hold it) never belong in a form field.
// C0 controls and DEL, except tab, line feed and carriage return (the C1 range U+0080–U+009F is kept).
const CONTROL = /(?![\t\n\r\u0080-\u009F])\p{Cc}/gu;

export function stripControl(text: string) {
  return text.replace(CONTROL, "");
}

/**
 * The request's form, or a 400 when the body is not a form. Text fields lose control characters;
 * files are kept as files.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("The form could not be read.", { status: 400 });
  }
  const clean = new FormData();
  for (const [key, value] of form) clean.append(stripControl(key), typeof value === "string" ? stripControl(value) : value);
  return clean;
}

/** Plain text fields only (a file where text was expected becomes an empty string). */
export async function readFields(request: Request): Promise<Record<string, string>> {
  return textFields(await readForm(request));
}

/** A read form's text fields, the first value of each name (a file becomes an empty string). */
export function textFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (!(key in out)) out[key] = typeof value === "string" ? value : "";
  return out;
}

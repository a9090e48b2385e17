import type { FieldMetadata } from "@conform-to/react";

// Types only: a page that shows no form loads none of Conform (decision 038).

/**
 * What a TextField (or a select) takes from a Conform field: its name, the value it starts from
 * (what was stored, or what was typed before a refusal) and its first error.
 */
export function fieldProps<Schema, Form extends Record<string, unknown>>(field: FieldMetadata<Schema, Form, string[]>) {
  const value = field.initialValue;
  return { name: field.name, defaultValue: typeof value === "string" ? value : undefined, error: field.errors?.[0] };
}

/** A checkbox's starting state: ticked when stored so, or when ticked before a refusal. */
export const isTicked = <Schema, Form extends Record<string, unknown>>(field: FieldMetadata<Schema, Form, string[]>) =>
  field.initialValue === "on";

import type { ReactNode } from "react";

/**
 * A translated sentence with one element inside it ("We sent a link to {email}." with the address in
 * bold): `t(key, { email: "{email}" })` keeps the placeholder, and this puts `node` where it stands,
 * wherever each language places it.
 */
export function withSlot(sentence: string, name: string, node: ReactNode): ReactNode {
  const mark = `{${name}}`;
  const at = sentence.indexOf(mark);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      {node}
      {sentence.slice(at + mark.length)}
    </>
  );
}

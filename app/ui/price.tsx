import { formatPaise } from "~/platform/core/money";

export function Price({ paise, className }: { paise: number; className?: string }) {
  return <span className={className}>{formatPaise(paise)}</span>;
}

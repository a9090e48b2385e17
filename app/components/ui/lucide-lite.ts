import { createElement, type SVGProps } from "react";

type IconData = { name: string; node: [string, Record<string, string>][] };

/**
 * Stands in for lucide-react's `createLucideIcon` (swapped in by vite.config.ts): the same icons,
 * drawn as a plain SVG without lucide's context, class merging and prop juggling, which cost every
 * storefront page ~2 KB of JavaScript. Icons are decorative unless given a label.
 */
export default function createLucideIcon(icon: IconData) {
  function LucideIcon({ className, ...props }: SVGProps<SVGSVGElement>) {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        "aria-hidden": labelled ? undefined : true,
        className: className ? `lucide ${className}` : "lucide",
        ...props,
      },
      icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
    );
  }
  return LucideIcon;
}

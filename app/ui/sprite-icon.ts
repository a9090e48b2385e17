import { createElement, type SVGProps } from "react";

/**
 * An icon drawn from the build's SVG sprite (tools/vite-plugins.ts turns each
 * `import X from "lucide-react/icons/x"` into `spriteIcon(".../icons-<hash>.svg#x")`): the icons'
 * drawings live in one cached image file instead of every page's JavaScript. Decorative unless
 * given a label.
 */
export function spriteIcon(href: string) {
  function SpriteIcon({ className, ...props }: SVGProps<SVGSVGElement>) {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    return createElement(
      "svg",
      {
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
      createElement("use", { href }),
    );
  }
  return SpriteIcon;
}

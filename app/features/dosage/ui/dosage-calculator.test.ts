import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { AREA_CONVERSION_NOTES, AREA_UNIT_OPTIONS, bighaNote, type DosagePlanView, describeNeed } from "~/features/dosage/domain/dosage";
import { DosageCalculator } from "./dosage-calculator";
import { planMarkup } from "./dosage-plan.server";
import { uiMessages } from "~/platform/i18n/i18n.server";

/** A plan as the product page's loader gives it: its fields and its HTML. */
const withHtml = (plan: Omit<DosagePlanView, "html">): DosagePlanView => ({ ...plan, html: planMarkup(plan) });

type Props = ComponentProps<typeof DosageCalculator>;

const base: Props = {
  productName: "Neem cake",
  recommended: "2 kg",
  units: AREA_UNIT_OPTIONS,
  notes: [...AREA_CONVERSION_NOTES, bighaNote("Madhya Pradesh")].map((note) => `${note}.`),
  area: "",
  areaUnit: "acre",
  bighaStates: [
    { value: "Madhya Pradesh", label: "Madhya Pradesh (1,114.8 m²)" },
    { value: "Rajasthan", label: "Rajasthan (2,529.3 m²)" },
  ],
  bighaState: "Madhya Pradesh",
  error: null,
  plan: null,
};

/** Server-rendered HTML: what a browser gets before (or without) JavaScript. */
function render(overrides: Partial<Props> = {}) {
  const Stub = createRoutesStub([
    {
      id: "routes/store/layout",
      path: "/",
      children: [{ path: "products/:id", Component: () => createElement(DosageCalculator, { ...base, ...overrides }) }],
    },
  ]);
  // The page's strings, as the store layout's loader sends them (useT reads them from its data).
  const hydrationData = { loaderData: { "routes/store/layout": { locale: "en", ui: uiMessages("en") } } };
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/products/p1"], hydrationData }));
}

/** The first opening tag whose source matches `pattern` (no DOM library in this project's tests). */
function tag(html: string, pattern: RegExp): string {
  const found = html.match(/<[a-z][a-z0-9]*\b[^>]*>/g)?.find((t) => pattern.test(t));
  if (!found) throw new Error(`no tag matching ${pattern}`);
  return found;
}
const attr = (openingTag: string, name: string) => openingTag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const decodeEntities = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, "")).replace(/\s+/g, " ");
/** Text of the element opened by `openingTag` (for leaf-ish elements: up to its first closing tag of that name). */
function textOf(html: string, openingTag: string): string {
  const name = openingTag.match(/^<([a-z][a-z0-9]*)/)?.[1] ?? "";
  const start = html.indexOf(openingTag) + openingTag.length;
  return text(html.slice(start, html.indexOf(`</${name}>`, start)));
}
const labelFor = (html: string, id: string | undefined) => textOf(html, tag(html, new RegExp(`<label[^>]*for="${id}"`)));

it("is a labelled GET form that keeps the chosen pack size", () => {
  const html = render({ selectedSize: "v-1kg", area: "2.5", areaUnit: "bigha" });
  const headingId = attr(tag(html, /^<section/), "aria-labelledby");
  expect(textOf(html, tag(html, new RegExp(`<h2[^>]*id="${headingId}"`)))).toBe("Dosage calculator");
  expect(text(html)).toContain("Recommended: 2 kg per acre");
  expect(attr(tag(html, /^<form/), "method")).toBe("get");
  const area = tag(html, /name="area"/);
  expect(labelFor(html, attr(area, "id"))).toBe("Field area");
  expect(attr(area, "value")).toBe("2.5");
  const unit = tag(html, /^<select[^>]*name="unit"/);
  expect(labelFor(html, attr(unit, "id"))).toBe("Unit");
  expect(tag(html, /<option[^>]*selected/)).toContain('value="bigha"');
  expect(attr(tag(html, /type="hidden"/), "name")).toBe("size");
  expect(attr(tag(html, /type="hidden"/), "value")).toBe("v-1kg");
  expect(textOf(html, tag(html, /<button[^>]*type="submit"/))).toBe("Calculate");
  expect(text(html)).toContain("Bigha sizes differ by State; here 1 bigha = 1,114.8 m² (0.275 acre), Madhya Pradesh's.");
  expect(text(html)).toContain("1 acre = 40 guntha");
  expect(render()).not.toContain('name="size"');
  // With bigha chosen, whose bigha is asked, the delivery State's chosen; with another unit it is not asked.
  const bigha = tag(html, /^<select[^>]*name="bigha"/);
  expect(labelFor(html, attr(bigha, "id"))).toBe("Whose bigha (State)");
  expect(tag(html, /<option[^>]*value="Madhya Pradesh"/)).toContain("selected");
  expect(render({ areaUnit: "acre" })).not.toContain('name="bigha"');
});

it("ties an error to the area field", () => {
  const html = render({ area: "abc", error: "Enter the area as a number, like 2 or 2.5." });
  const area = tag(html, /name="area"/);
  expect(attr(area, "aria-invalid")).toBe("true");
  const alert = tag(html, /role="alert"/);
  expect(textOf(html, alert)).toBe("Enter the area as a number, like 2 or 2.5.");
  expect(attr(area, "aria-describedby")?.split(" ")).toContain(attr(alert, "id"));
  expect(attr(tag(render(), /name="area"/), "aria-invalid")).toBeUndefined();
});

it("shows the plan with line totals and the add-all button", () => {
  const html = render({
    area: "20",
    areaUnit: "guntha",
    plan: withHtml({
      summary: describeNeed("20", "guntha", 0.5, "1 kg"),
      lines: [
        { id: "v500", label: "500 g", count: 2, pricePaise: 12_500 },
        { id: "v100", label: "100 g", count: 1, pricePaise: 3_050 },
      ],
      totalPaise: 28_050,
    }),
    onAddAll: () => {},
  });
  expect(text(html)).toContain("For 20 guntha (0.5 acres) you need 1 kg");
  expect(text(html)).toContain("2 × 500 g₹250");
  expect(text(html)).toContain("1 × 100 g₹30.50");
  expect(text(html)).toContain("Total₹280.50");
  expect(textOf(html, tag(html, /<button[^>]*type="button"/))).toBe("Add these to cart");

  const one = {
    area: "1",
    plan: withHtml({
      summary: describeNeed("1", "acre", 1, "2 kg"),
      lines: [{ id: "v", label: "1 kg", count: 2, pricePaise: 100 }],
      totalPaise: 200,
    }),
  };
  expect(text(render(one))).toContain("For 1 acre you need 2 kg");
  expect(render(one)).not.toContain('type="button"');
  const added = render({ ...one, onAddAll: () => {}, added: true });
  expect(textOf(added, tag(added, /<button[^>]*type="button"/))).toBe("Added");
});

it("says why no packs can be suggested", () => {
  const html = render({
    area: "900",
    plan: withHtml({
      summary: describeNeed("900", "acre", 900, "1,800 kg"),
      lines: [],
      totalPaise: 0,
      none: "We don't have enough stock to cover this area.",
    }),
    onAddAll: () => {},
  });
  expect(text(html)).toContain("For 900 acres you need 1,800 kg");
  expect(text(html)).toContain("We don't have enough stock to cover this area.");
  expect(html).not.toContain('type="button"');
});

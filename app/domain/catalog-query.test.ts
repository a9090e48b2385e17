import { expect, it } from "vitest";
import { catalogSearch, MAX_QUERY_LENGTH, parseCatalogQuery } from "./catalog-query";

const parse = (s: string) => parseCatalogQuery(new URLSearchParams(s));

it("reads valid parameters", () => {
  expect(parse("q=tomato&category=seeds&sort=price-high&page=2")).toEqual({ q: "tomato", category: "seeds", sort: "price-high", page: 2 });
});

it("falls back to defaults for unknown or malformed values", () => {
  expect(parse("category=SEEDS&sort=cheap&page=-4")).toEqual({ q: "", category: "all", sort: "name", page: 1 });
  expect(parse("page=1e9").page).toBe(1);
  expect(parse("page=99999999").page).toBe(10_000);
  expect(parse("category=__proto__").category).toBe("all");
});

it("trims, collapses spaces and bounds a very long query", () => {
  expect(parse("q=%20%20neem%20%20%20cake%20").q).toBe("neem cake");
  expect(parse(`q=${"a".repeat(5000)}`).q).toHaveLength(MAX_QUERY_LENGTH);
});

it("builds short canonical URLs", () => {
  expect(catalogSearch({ q: "", category: "all", sort: "name", page: 1 })).toBe("");
  expect(catalogSearch({ q: "neem cake", category: "fertilizers", sort: "rating", page: 3 })).toBe(
    "?q=neem+cake&category=fertilizers&sort=rating&page=3",
  );
});

it("drops control characters such as NUL from a search", () => {
  expect(parse("q=ab%00c").q).toBe("ab c");
  expect(parse("q=%00").q).toBe("");
});

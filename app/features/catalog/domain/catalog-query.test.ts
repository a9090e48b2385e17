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

it("orders a search by best match unless a sort is chosen, and never without a search", () => {
  expect(parse("q=seed").sort).toBe("best");
  expect(parse("q=seed&sort=name").sort).toBe("name");
  expect(parse("sort=best").sort).toBe("name");
  expect(parse("q=seed&sort=").sort).toBe("best");
  expect(catalogSearch({ q: "seed", sort: "best" })).toBe("?q=seed");
  expect(catalogSearch({ q: "seed", sort: "name" })).toBe("?q=seed&sort=name");
});

it("gives a new search its best-match order when the form only carried the old listing's default", () => {
  expect(parse("q=seed&sort=name&prev=").sort).toBe("best");
  expect(parse("q=seed&sort=name&prev=seed").sort).toBe("name");
  expect(parse("q=seed&sort=price-low&prev=").sort).toBe("price-low");
  expect(parse("q=tomato&sort=best&prev=seed").sort).toBe("best");
});

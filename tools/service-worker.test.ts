import { expect, test } from "vitest";
import { lazyImports } from "./service-worker";

test("a chunk's on-demand imports are found, with the files each needs (Vite's mapDeps table)", () => {
  const cart =
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/cart-contents-B-Pp.js","assets/entry.client-K.js","assets/app-1.css"])))=>i.map(i=>d[i]);\n' +
    'import{C as e}from"./entry.client-K.js";var p=(0,u.lazy)(()=>o(()=>import(`./cart-contents-B-Pp.js`),__vite__mapDeps([0,1,2])));';
  expect(lazyImports(cart)).toEqual(["/assets/cart-contents-B-Pp.js", "/assets/entry.client-K.js", "/assets/app-1.css"]);
  expect(lazyImports('var t=()=>import("./toasts-D.js");')).toEqual(["/assets/toasts-D.js"]);
  // Static imports are React Router's manifest's business, not these.
  expect(lazyImports('import{a}from"./store-C.js";export{a};')).toEqual([]);
});

import { afterEach, expect, it } from "vitest";
import { imageSrc, imageSrcSet, setUploadBase } from "./image-srcset";

afterEach(() => setUploadBase("/uploads/"));

it("leaves every address as it is while the store serves its own uploads", () => {
  expect(imageSrc("/uploads/abcdefgh12.webp")).toBe("/uploads/abcdefgh12.webp");
  expect(imageSrcSet("/uploads/abcdefgh12.webp")).toBe("/uploads/abcdefgh12-400.webp 400w, /uploads/abcdefgh12.webp 800w");
  expect(imageSrc("/images/products/neem.webp")).toBe("/images/products/neem.webp");
});

it("points uploads, and only uploads, at the bucket's public address when one is set", () => {
  setUploadBase("https://pictures.example.in/shop/angle/");
  expect(imageSrc("/uploads/abcdefgh12.webp")).toBe("https://pictures.example.in/shop/angle/abcdefgh12.webp");
  expect(imageSrcSet("/uploads/abcdefgh12.webp")).toBe(
    "https://pictures.example.in/shop/angle/abcdefgh12-400.webp 400w, https://pictures.example.in/shop/angle/abcdefgh12.webp 800w",
  );
  // The sample catalogue's pictures and any other address are the store's own files.
  expect(imageSrc("/images/products/neem.webp")).toBe("/images/products/neem.webp");
  expect(imageSrcSet("/images/products/neem.webp")).toBe("/images/products/neem-400.webp 400w, /images/products/neem.webp 800w");
  expect(imageSrc("https://elsewhere.example/uploads/x.webp")).toBe("https://elsewhere.example/uploads/x.webp");
});

#!/usr/bin/env node
// Generates the built-in catalogue artwork from emoji icon sets that are
// installed as dev dependencies (no network access, no hot-linking):
//
//   public/images/products/<slug>.svg      one per picture of a product in app/features/catalog/server/seed/catalog.ts
//                                          (its cover, and its gallery: <slug>-2, <slug>-3…), the drawing;
//   public/images/products/<slug>.webp     what the store shows: the drawing at 800 px, and <slug>-400.webp
//                                          at 400 px, as an uploaded photo is kept (app/ui/image-srcset.ts).
//                                          A picture as an SVG is a document the phone builds on its main
//                                          thread (4–7 ms of a slow phone's time each); a WebP is decoded
//                                          off it (docs/decisions/048-sample-pictures.md)
//   public/images/categories/<category>.svg, and <category>.webp at 112 px (a 56 px tile on a 2× screen)
//   public/favicon.svg
//
// Run with:  npx node scripts/make-product-images.mjs
// (Node >= 24 is needed because the catalogue is imported straight from .ts.)
//
// Illustrations: Microsoft Fluent Emoji (flat), MIT, via @iconify-json/fluent-emoji-flat
// and Google Noto Emoji, Apache-2.0, via @iconify-json/noto. See docs/image-credits.md.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import sharp from "sharp";
import { sampleProducts } from "../app/features/catalog/server/seed/catalog.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

const SIZE = 400;
const RADIUS = 56;
const ICON = 240; // main illustration: 60% of the tile
const BADGE = { cx: 326, cy: 74, r: 46, icon: 62 };

// ---------------------------------------------------------------- icon sets

const sets = {
  fluent: readJson("@iconify-json/fluent-emoji-flat/icons.json"),
  noto: readJson("@iconify-json/noto/icons.json"),
};

function readJson(spec) {
  return JSON.parse(readFileSync(require.resolve(spec), "utf8"));
}

/** Resolve "set:name" (default set: fluent) to { body, left, top, width, height }. */
function getIcon(ref) {
  const [setName, name] = ref.includes(":") ? ref.split(":") : ["fluent", ref];
  const set = sets[setName];
  if (!set) throw new Error(`Unknown icon set "${setName}"`);
  let props = {};
  let current = name;
  // follow aliases (an alias may override width/height etc.)
  for (let depth = 0; depth < 8; depth++) {
    if (set.icons[current]) {
      const icon = { ...set.icons[current], ...props };
      return {
        body: icon.body,
        left: icon.left ?? set.left ?? 0,
        top: icon.top ?? set.top ?? 0,
        width: icon.width ?? set.width ?? 16,
        height: icon.height ?? set.height ?? 16,
      };
    }
    const alias = set.aliases?.[current];
    if (!alias) break;
    const { parent, ...rest } = alias;
    props = { ...rest, ...props };
    current = parent;
  }
  throw new Error(`Icon "${ref}" not found`);
}

/** Make ids inside an icon body unique within the output document. */
function scopeIds(body, prefix) {
  const ids = [...body.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
  let out = body;
  for (const id of ids) {
    const esc = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out
      .replace(new RegExp(`\\bid="${esc}"`, "g"), `id="${prefix}${id}"`)
      .replace(new RegExp(`url\\(#${esc}\\)`, "g"), `url(#${prefix}${id})`)
      .replace(new RegExp(`href="#${esc}"`, "g"), `href="#${prefix}${id}"`);
  }
  return out;
}

/** Place an icon so that it fits a size x size box at (x, y). */
function placeIcon(ref, x, y, size, idPrefix) {
  const icon = getIcon(ref);
  const scale = size / Math.max(icon.width, icon.height);
  const dx = x + (size - icon.width * scale) / 2 - icon.left * scale;
  const dy = y + (size - icon.height * scale) / 2 - icon.top * scale;
  return `<g transform="translate(${num(dx)} ${num(dy)}) scale(${num(scale)})">${scopeIds(icon.body, idPrefix)}</g>`;
}

const num = (n) => String(Math.round(n * 1000) / 1000);

// ---------------------------------------------------------------- styling

const palettes = {
  seeds: { from: "#f0fdf4", to: "#bbf7d0", accent: "#16a34a" },
  equipment: { from: "#fff7ed", to: "#fed7aa", accent: "#ea580c" },
  tools: { from: "#f8fafc", to: "#cbd5e1", accent: "#475569" },
  fertilizers: { from: "#faf6ec", to: "#e2d5b0", accent: "#7c6a2e" },
};

/** `alt`: a gallery picture's tile, its gradient and corner blobs mirrored so it differs from the cover. */
function tile({ category, main, badge, key, alt = false }) {
  const p = palettes[category];
  if (!p) throw new Error(`No palette for category "${category}"`);
  const bg = `${key}-bg`;
  const clip = `${key}-clip`;
  const gradient = alt ? 'x1="1" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  const blobs = alt
    ? `<circle cx="356" cy="372" r="96" fill-opacity=".08"/><circle cx="18" cy="24" r="64" fill-opacity=".07"/>`
    : `<circle cx="44" cy="372" r="96" fill-opacity=".08"/><circle cx="382" cy="24" r="64" fill-opacity=".07"/>`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<defs><linearGradient id="${bg}" ${gradient}>` +
      `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
      `<clipPath id="${clip}"><rect width="${SIZE}" height="${SIZE}" rx="${RADIUS}"/></clipPath></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" rx="${RADIUS}" fill="url(#${bg})"/>`,
    // soft decorative blobs in the corners (clipped to the rounded tile)
    `<g clip-path="url(#${clip})" fill="${p.accent}">${blobs}</g>`,
    // halo + ground shadow behind the illustration
    `<circle cx="200" cy="200" r="152" fill="#fff" fill-opacity=".55"/>`,
    `<ellipse cx="200" cy="334" rx="96" ry="12" fill="${p.accent}" fill-opacity=".16"/>`,
    placeIcon(main, (SIZE - ICON) / 2, (SIZE - ICON) / 2, ICON, `${key}-m-`),
  ];
  if (badge) {
    parts.push(
      `<circle cx="${BADGE.cx}" cy="${BADGE.cy + 3}" r="${BADGE.r}" fill="${p.accent}" fill-opacity=".14"/>`,
      `<circle cx="${BADGE.cx}" cy="${BADGE.cy}" r="${BADGE.r}" fill="#fff"/>`,
      placeIcon(badge, BADGE.cx - BADGE.icon / 2, BADGE.cy - BADGE.icon / 2, BADGE.icon, `${key}-b-`),
    );
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

// ---------------------------------------------------------------- artwork map

// Keyed by image slug (public/images/products/<slug>.svg).
// "noto:" prefix = Google Noto Emoji, otherwise Microsoft Fluent Emoji Flat.
const productArt = {
  "hybrid-tomato-seeds-arka-rakshak": { main: "tomato", badge: "seedling" },
  "drip-irrigation-kit-1-acre": { main: "droplet", badge: "seedling" },
  "pruning-secateurs": { main: "scissors", badge: "rose" },
  "vermicompost-25kg": { main: "worm", badge: "seedling" },
  "alphonso-mango-sapling": { main: "potted-plant", badge: "mango" },
  "mahindra-arjun-novo-605-tractor": { main: "tractor" },
  "kisan-spray-pump-16l": { main: "sweat-droplets", badge: "battery" },
  "npk-19-19-19-water-soluble-25kg": { main: "test-tube", badge: "droplet" },
  "hybrid-maize-seeds-4kg": { main: "ear-of-corn" },
  "submersible-borewell-pump-5hp": { main: "noto:potable-water", badge: "gear" },
  "khurpi-hand-weeder": { main: "pick", badge: "herb" },
  "dap-fertiliser-50kg": { main: "package", badge: "sheaf-of-rice" },
  "forged-kulhadi-axe": { main: "axe", badge: "deciduous-tree" },
  "pusa-basmati-1121-paddy-seeds": { main: "noto:sheaf-of-rice" },
  "rotavator-6ft": { main: "gear", badge: "tractor" },
  "neem-cake-powder-40kg": { main: "herb", badge: "leaf-fluttering-in-wind" },
  // Gallery pictures (after the cover), drawn on the mirrored tile.
  "hybrid-tomato-seeds-arka-rakshak-2": { main: "seedling", badge: "tomato", alt: true },
  "hybrid-tomato-seeds-arka-rakshak-3": { main: "package", badge: "tomato", alt: true },
  "pruning-secateurs-2": { main: "grapes", badge: "scissors", alt: true },
  "vermicompost-25kg-2": { main: "seedling", badge: "worm", alt: true },
  "alphonso-mango-sapling-2": { main: "mango", badge: "deciduous-tree", alt: true },
};

const categoryArt = {
  seeds: "seedling",
  equipment: "tractor",
  tools: "hammer-and-wrench",
  fertilizers: "leaf-fluttering-in-wind",
};

const favicon = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#16a34a"/>
<path d="M16 27.5v-10" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>
<path d="M16 18.5C16 13 12.5 9.5 6.5 9.5c0 5.5 3.5 9 9.5 9z" fill="#fff"/>
<path d="M16 16c0-5.5 3.8-9.5 9.5-9.5 0 5.8-4 9.5-9.5 9.5z" fill="#dcfce7"/>
</svg>
`;

// ---------------------------------------------------------------- write

function write(rel, content) {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  const kb = Buffer.byteLength(content) / 1024;
  console.log(`${rel.padEnd(62)} ${kb.toFixed(1)} KB${kb > 15 ? "  (large!)" : ""}`);
}

/** The drawing at `width` px as WebP, at the quality an uploaded photo gets (store-product-image.server.ts). */
async function writeWebp(rel, svg, width, quality) {
  write(
    rel,
    await sharp(Buffer.from(svg), { density: (72 * width) / 400 })
      .resize(width, width)
      .webp({ quality })
      .toBuffer(),
  );
}

const seen = new Set();
for (const product of sampleProducts) {
  for (const image of [product.image, ...(product.gallery ?? [])]) {
    const m = /^\/images\/products\/([a-z0-9-]+)\.webp$/.exec(image);
    if (!m) throw new Error(`Unexpected image path for "${product.name}": ${image}`);
    const slug = m[1];
    const art = productArt[slug];
    if (!art) throw new Error(`No artwork defined for "${slug}" (${product.name})`);
    if (seen.has(slug)) throw new Error(`Picture "${slug}" is used twice`);
    seen.add(slug);
    const svg = tile({ category: product.category, key: slug, ...art });
    write(`public/images/products/${slug}.svg`, svg);
    await writeWebp(`public/images/products/${slug}.webp`, svg, 800, 80);
    await writeWebp(`public/images/products/${slug}-400.webp`, svg, 400, 78);
  }
}
for (const slug of Object.keys(productArt)) {
  if (!seen.has(slug)) console.warn(`warning: artwork for "${slug}" is not used by any product`);
}
for (const [category, icon] of Object.entries(categoryArt)) {
  const svg = tile({ category, key: `cat-${category}`, main: icon });
  write(`public/images/categories/${category}.svg`, svg);
  await writeWebp(`public/images/categories/${category}.webp`, svg, 112, 80);
}
write("public/favicon.svg", favicon);

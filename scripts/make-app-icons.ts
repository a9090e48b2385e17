// npx tsx scripts/make-app-icons.ts
// The home-screen icons the web app manifest names (public/manifest.webmanifest), drawn from
// public/favicon.svg with sharp: 192 and 512 px as the favicon is (rounded tile), and a 512 px
// "maskable" one whose tile fills the square and whose leaf sits inside the middle 80% circle that
// Android's masks keep (docs/decisions/029-offline.md). Writes public/icons/*.png; commit them.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import sharp from "sharp";

const favicon = await readFile("public/favicon.svg", "utf8");
const tile = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
const leaf = [...favicon.matchAll(/<path [^>]*\/>/g)].map((m) => m[0]).join("");
if (!tile || !leaf) throw new Error("public/favicon.svg is not the tile and leaf this script expects");

/** The leaf on a full-bleed tile, scaled to 80% about the centre: its farthest point 34% from the centre, inside the 40% safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" fill="${tile}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${leaf}</g></svg>`;

async function png(svg: string, size: number, file: string) {
  const image = await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  await writeFile(`public/icons/${file}`, image);
  console.log(`public/icons/${file}: ${size}×${size}, ${image.length} bytes`);
}

await mkdir("public/icons", { recursive: true });
await png(favicon, 192, "icon-192.png");
await png(favicon, 512, "icon-512.png");
await png(maskable, 512, "icon-maskable-512.png");

import { randomBytes } from "node:crypto";
import sharp from "sharp";

/**
 * A landscape JPEG (width:height = 2:1) of random noise at least `minBytes` long: noise does not
 * compress, so it is as big as a phone camera's photo with far fewer pixels (quick to make).
 */
export async function noisePhoto(minBytes: number): Promise<Buffer> {
  let height = Math.ceil(Math.sqrt(minBytes / 2 / 2.5));
  for (;;) {
    const width = height * 2;
    const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (jpeg.length >= minBytes) return jpeg;
    height = Math.ceil(height * Math.sqrt(minBytes / jpeg.length) * 1.02);
  }
}

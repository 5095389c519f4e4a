/**
 * Writes the installable farm app's icons (public/farm.webmanifest) from app/icon.svg with sharp:
 * 192 and 512 px as drawn (a round badge on transparency), and a 512 px maskable one whose leaf
 * sits inside the safe zone (the middle 80 %) on a full square of the brand green, so a launcher
 * may crop it to any shape. `npm run app-icons` after changing app/icon.svg; the PNGs are committed.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public/app-icons");
const BRAND = "#20613c";

export async function buildAppIcons(): Promise<string[]> {
  const svg = fs.readFileSync(path.join(root, "app/icon.svg"));
  fs.mkdirSync(out, { recursive: true });
  const written: string[] = [];
  for (const size of [192, 512]) {
    const file = path.join(out, `icon-${size}.png`);
    await sharp(svg, { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(file);
    written.push(file);
  }
  // The badge drawn at 70 % of the square stays well inside the maskable safe circle (80 %).
  const inner = Math.round(512 * 0.7);
  const badge = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const maskable = path.join(out, "maskable-512.png");
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
    .composite([{ input: badge, gravity: "centre" }])
    .png({ compressionLevel: 9 })
    .toFile(maskable);
  written.push(maskable);
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of await buildAppIcons()) console.log(path.relative(root, file));
}

/**
 * Regenerates the local artwork the seed points at (no remote images anywhere):
 *   public/images/food/<slug>.svg  — Microsoft Fluent Emoji (MIT) from the @iconify-json/fluent-emoji
 *                                    devDependency, one file per slug in prisma/seed-data/food-art.ts;
 *   public/images/farms/<slug>.svg — simple generated landscapes, coloured per farm.
 * Run: npx tsx scripts/build-food-art.ts
 */
import fs from "node:fs";
import path from "node:path";
import { FOOD_ART } from "../prisma/seed-data/food-art";
import { FARMS, type SeedFarm } from "../prisma/seed-data/catalog";

type IconSet = {
  width?: number;
  height?: number;
  icons: Record<
    string,
    { body: string; width?: number; height?: number; left?: number; top?: number }
  >;
};

const root = path.resolve(import.meta.dirname, "..");
const foodDir = path.join(root, "public/images/food");
const farmDir = path.join(root, "public/images/farms");

function buildFood(): number {
  const set = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/@iconify-json/fluent-emoji/icons.json"), "utf8"),
  ) as IconSet;
  fs.mkdirSync(foodDir, { recursive: true });
  for (const [slug, name] of Object.entries(FOOD_ART)) {
    const icon = set.icons[name];
    if (!icon) throw new Error(`fluent-emoji has no icon "${name}" (for ${slug})`);
    const w = icon.width ?? set.width ?? 16;
    const h = icon.height ?? set.height ?? 16;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w * 8}" height="${h * 8}" viewBox="${icon.left ?? 0} ${icon.top ?? 0} ${w} ${h}">${icon.body}</svg>\n`;
    fs.writeFileSync(path.join(foodDir, `${slug}.svg`), svg);
  }
  return Object.keys(FOOD_ART).length;
}

/** Small deterministic PRNG so a farm's picture is stable between runs. */
function rng(seed: string) {
  let x = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const W = 640;
const H = 400;
const f1 = (n: number) => Math.round(n * 10) / 10;

// The shapes the scenes repeat; values are written as given (callers round with f1 where needed).
const rect = (x: number, y: number, width: number, height: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${fill}"/>`;
const circle = (cx: number, cy: number, r: number, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;

function hill(rand: () => number, baseY: number, amplitude: number, color: string): string {
  const points: string[] = [`M0 ${H}`, `L0 ${f1(baseY + (rand() - 0.5) * amplitude)}`];
  for (let x = 80; x <= W; x += 80) {
    const y = baseY + (rand() - 0.5) * amplitude;
    points.push(`Q${x - 40} ${f1(y - amplitude * 0.6 * rand())} ${x} ${f1(y)}`);
  }
  points.push(`L${W} ${H}Z`);
  return `<path d="${points.join(" ")}" fill="${color}"/>`;
}

function barn(x: number, y: number, color: string): string {
  return [
    `<g transform="translate(${x} ${y})">`,
    `<rect x="0" y="30" width="70" height="50" fill="${color}"/>`,
    `<path d="M-6 32 L35 0 L76 32Z" fill="#5d4037"/>`,
    `<rect x="24" y="48" width="22" height="32" fill="#fdf6e3"/>`,
    `<path d="M24 48 L46 80 M46 48 L24 80" stroke="${color}" stroke-width="3"/>`,
    `<rect x="29" y="16" width="12" height="10" fill="#fdf6e3"/>`,
    `</g>`,
  ].join("");
}

function scene(farm: SeedFarm, rand: () => number): string {
  const [, , near, accent] = farm.palette;
  const parts: string[] = [];
  const rows = 5;
  for (let r = 0; r < rows; r++) {
    const y = 270 + r * 26;
    const size = 10 + r * 3;
    const step = 44 + r * 10;
    for (let x = 20 + (r % 2) * (step / 2); x < W; x += step) {
      const jx = f1(x + (rand() - 0.5) * 6);
      switch (farm.scene) {
        case "orchard":
          parts.push(
            rect(f1(jx - 2), y, 4, size, "#6d4c41"),
            circle(jx, y - size * 0.4, size, r % 2 ? "#4c8c3c" : "#5fa24a"),
            circle(f1(jx - size * 0.4), f1(y - size * 0.5), f1(size * 0.18), accent),
            circle(f1(jx + size * 0.35), f1(y - size * 0.2), f1(size * 0.18), accent),
          );
          break;
        case "vineyard":
          parts.push(
            rect(f1(jx - 1.5), y - size, 3, size * 1.6, "#795548"),
            ellipse(jx, y - size * 0.6, f1(step * 0.45), f1(size * 0.45), "#5b8c3a"),
            circle(f1(jx + 6), f1(y - size * 0.2), f1(size * 0.22), accent),
          );
          break;
        case "berries":
          parts.push(ellipse(jx, y, f1(size * 1.2), f1(size * 0.7), "#3f7d32"));
          for (let b = 0; b < 3; b++)
            parts.push(
              circle(
                f1(jx + (b - 1) * size * 0.6),
                f1(y - size * 0.2 + (b % 2) * 4),
                f1(size * 0.16),
                accent,
              ),
            );
          break;
        case "hops":
          parts.push(
            rect(f1(jx - 1.5), y - size * 4, 3, size * 4.4, "#8d6e63"),
            ellipse(jx, f1(y - size * 1.6), f1(size * 0.45), f1(size * 2), "#6aa84f"),
          );
          break;
        default:
          break;
      }
    }
  }
  if (farm.scene === "fields") {
    const colors = ["#8bc34a", "#c5e1a5", "#689f38", "#d4a373", "#aed581"];
    for (let i = 0; i < 6; i++) {
      const y = 262 + i * 24;
      parts.unshift(
        `<path d="M0 ${y} L${W} ${y - 14} L${W} ${y + 10} L0 ${y + 24}Z" fill="${colors[(i + Math.floor(rand() * 5)) % colors.length]}"/>`,
      );
    }
  }
  if (farm.scene === "pasture") {
    for (let x = 10; x < W; x += 40)
      parts.push(`<rect x="${x}" y="322" width="5" height="36" fill="#8d6e63"/>`);
    parts.push(
      `<rect x="0" y="330" width="${W}" height="4" fill="#a1887f"/><rect x="0" y="344" width="${W}" height="4" fill="#a1887f"/>`,
    );
    for (let i = 0; i < 3; i++) {
      const cx = f1(120 + rand() * 380);
      const cy = f1(285 + rand() * 20);
      parts.push(
        `<ellipse cx="${cx}" cy="${cy}" rx="16" ry="9" fill="#fafafa"/><circle cx="${f1(cx + 15)}" cy="${f1(cy - 5)}" r="5" fill="#424242"/>`,
      );
    }
  }
  return `<rect x="0" y="250" width="${W}" height="${H - 250}" fill="${near}" opacity="0.35"/>${parts.join("")}`;
}

function farmSvg(farm: SeedFarm): string {
  const rand = rng(farm.slug);
  const [sky, far, near, accent] = farm.palette;
  const sunX = f1(80 + rand() * 480);
  const sunY = f1(60 + rand() * 40);
  const barnX = f1(60 + rand() * 440);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="34" fill="#f9d56e"/>`,
    `<ellipse cx="${f1(W - sunX)}" cy="${f1(sunY + 10)}" rx="46" ry="12" fill="#ffffff" opacity="0.8"/>`,
    // The lake: every farm here looks out over Okanagan Lake.
    `<rect x="0" y="196" width="${W}" height="40" fill="#8ecae6"/>`,
    hill(rand, 180, 60, far),
    hill(rand, 240, 40, near),
    barn(barnX, 168, accent),
    scene(farm, rand),
    `</svg>\n`,
  ].join("");
}

function buildFarms(): number {
  fs.mkdirSync(farmDir, { recursive: true });
  for (const farm of FARMS) fs.writeFileSync(path.join(farmDir, `${farm.slug}.svg`), farmSvg(farm));
  return FARMS.length;
}

console.log(`food art: ${buildFood()} files in public/images/food`);
console.log(`farm art: ${buildFarms()} files in public/images/farms`);

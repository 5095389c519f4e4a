import { FARMS, PARTNER_PASSWORD, type CategoryKey } from "@/prisma/seed-data/catalog";
import { foodImage, type FoodArt } from "@/prisma/seed-data/food-art";
import { hashPassword } from "@/lib/server/auth/password";
import { inTransaction } from "@/lib/server/platform/transaction";
import { ensureCategories } from "./categories";
import type { SeedDb, SeedLog } from "./types";

/**
 * The benchmark catalog. Scale farms belong to farmer accounts under this email domain: that is
 * the marker that tells scale products apart from the demo catalog, so reruns only top up.
 */
export const SCALE_EMAIL_DOMAIN = "scale.fieldfare.app";
export const PRODUCTS_PER_SCALE_FARM = 500;
const COLUMNS = 11;

const PLACES = [
  "Ellison",
  "Joe Rich",
  "Okanagan Centre",
  "Carr's Landing",
  "Trepanier",
  "Glenrosa",
  "Crawford",
  "Kettle Valley",
  "Belgo",
  "Scotty Creek",
  "Mill Creek",
  "Reid's Corner",
  "Swan Lake",
  "Coldstream",
  "Okanagan Falls",
  "Trout Creek",
  "Shannon Lake",
  "McKinley",
  "Bear Creek",
  "Goose Lake",
];
const KINDS = [
  "Orchard",
  "Family Farm",
  "Acres",
  "Gardens",
  "Ranch",
  "Homestead",
  "Vineyards",
  "Farmstead",
];
const ADJECTIVES = [
  "Organic",
  "Heirloom",
  "Hand-Picked",
  "Sun-Ripened",
  "Small-Batch",
  "Local",
  "Farm-Fresh",
  "Pasture-Raised",
  "Heritage",
  "Estate",
  "Wild",
  "Seasonal",
];

type Template = {
  base: string;
  varieties: string[];
  image: FoodArt;
  unit: string;
  minCents: number;
  maxCents: number;
};
const TEMPLATES: Record<CategoryKey, Template[]> = {
  veg: [
    {
      base: "Apples",
      varieties: ["Honeycrisp", "Gala", "Ambrosia", "Spartan", "Fuji", "McIntosh"],
      image: "red-apple",
      unit: "lb",
      minCents: 249,
      maxCents: 449,
    },
    {
      base: "Tomatoes",
      varieties: ["Roma", "Cherry", "Beefsteak", "San Marzano", "Brandywine"],
      image: "tomato",
      unit: "lb",
      minCents: 299,
      maxCents: 649,
    },
    {
      base: "Carrots",
      varieties: ["Nantes", "Rainbow", "Chantenay", "Purple Haze"],
      image: "carrot",
      unit: "bunch",
      minCents: 249,
      maxCents: 449,
    },
    {
      base: "Potatoes",
      varieties: ["Yukon Gold", "Russet", "Fingerling", "Red Norland"],
      image: "potato",
      unit: "lb",
      minCents: 149,
      maxCents: 349,
    },
    {
      base: "Peppers",
      varieties: ["Red Bell", "Shishito", "Poblano", "Jalapeño"],
      image: "bell-pepper",
      unit: "lb",
      minCents: 299,
      maxCents: 599,
    },
    {
      base: "Berries",
      varieties: ["Strawberry", "Blueberry", "Raspberry", "Saskatoon"],
      image: "strawberry",
      unit: "pint",
      minCents: 549,
      maxCents: 899,
    },
    {
      base: "Greens",
      varieties: ["Kale", "Chard", "Spinach", "Arugula", "Mizuna"],
      image: "leafy-greens",
      unit: "bunch",
      minCents: 299,
      maxCents: 549,
    },
    {
      base: "Cherries",
      varieties: ["Lapins", "Bing", "Rainier", "Sweetheart", "Skeena"],
      image: "cherries",
      unit: "2 lb box",
      minCents: 799,
      maxCents: 1299,
    },
  ],
  dairy: [
    {
      base: "Eggs",
      varieties: ["Brown", "Free-Range", "Duck", "Blue"],
      image: "egg",
      unit: "dozen",
      minCents: 599,
      maxCents: 1099,
    },
    {
      base: "Cheese",
      varieties: ["Cheddar", "Gouda", "Feta", "Brie", "Havarti"],
      image: "cheese",
      unit: "250 g",
      minCents: 799,
      maxCents: 1499,
    },
    {
      base: "Milk",
      varieties: ["Whole", "Jersey", "Goat", "2%"],
      image: "milk",
      unit: "1 L bottle",
      minCents: 399,
      maxCents: 699,
    },
    {
      base: "Butter",
      varieties: ["Cultured", "Salted", "Herb"],
      image: "butter",
      unit: "250 g",
      minCents: 699,
      maxCents: 999,
    },
  ],
  meat: [
    {
      base: "Steak",
      varieties: ["Ribeye", "Striploin", "Sirloin", "Flank"],
      image: "cut-of-meat",
      unit: "lb",
      minCents: 1599,
      maxCents: 3499,
    },
    {
      base: "Chicken",
      varieties: ["Whole", "Thighs", "Drumsticks", "Breasts"],
      image: "poultry-leg",
      unit: "lb",
      minCents: 799,
      maxCents: 1299,
    },
    {
      base: "Pork",
      varieties: ["Chops", "Shoulder", "Belly", "Tenderloin"],
      image: "bacon",
      unit: "lb",
      minCents: 899,
      maxCents: 1599,
    },
    {
      base: "Lamb",
      varieties: ["Chops", "Leg", "Shank", "Ground"],
      image: "meat-on-bone",
      unit: "lb",
      minCents: 1199,
      maxCents: 2299,
    },
  ],
  beer: [
    {
      base: "Ale",
      varieties: ["Pale", "Amber", "Brown", "Session"],
      image: "beer-mug",
      unit: "4-pack (473 ml cans)",
      minCents: 1499,
      maxCents: 1999,
    },
    {
      base: "IPA",
      varieties: ["Hazy", "West Coast", "Fresh Hop", "Double"],
      image: "beer-mug",
      unit: "4-pack (473 ml cans)",
      minCents: 1599,
      maxCents: 2199,
    },
    {
      base: "Lager",
      varieties: ["Helles", "Pilsner", "Dark", "Kellerbier"],
      image: "clinking-beer-mugs",
      unit: "6-pack (355 ml cans)",
      minCents: 1399,
      maxCents: 1899,
    },
  ],
  wine: [
    {
      base: "Red",
      varieties: ["Merlot", "Pinot Noir", "Syrah", "Cabernet Franc", "Gamay"],
      image: "wine-glass",
      unit: "750 ml bottle",
      minCents: 1999,
      maxCents: 4499,
    },
    {
      base: "White",
      varieties: ["Pinot Gris", "Riesling", "Chardonnay", "Sauvignon Blanc", "Ortega"],
      image: "wine-glass",
      unit: "750 ml bottle",
      minCents: 1799,
      maxCents: 3499,
    },
    {
      base: "Sparkling",
      varieties: ["Brut", "Rosé", "Blanc de Blancs"],
      image: "sparkling-wine",
      unit: "750 ml bottle",
      minCents: 2999,
      maxCents: 4999,
    },
  ],
  preserves: [
    {
      base: "Jam",
      varieties: ["Apricot", "Strawberry", "Peach", "Blackberry", "Cherry"],
      image: "jar",
      unit: "250 ml jar",
      minCents: 799,
      maxCents: 1199,
    },
    {
      base: "Honey",
      varieties: ["Clover", "Wildflower", "Alfalfa", "Buckwheat"],
      image: "honey-pot",
      unit: "500 g jar",
      minCents: 1099,
      maxCents: 1599,
    },
    {
      base: "Pickles",
      varieties: ["Dill", "Bread & Butter", "Spicy Garlic"],
      image: "jar",
      unit: "500 ml jar",
      minCents: 799,
      maxCents: 1099,
    },
  ],
};
const CATEGORY_KEYS = Object.keys(TEMPLATES) as CategoryKey[];

/** Deterministic per-row choices, so the same index always yields the same product. */
function mix(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export function scaleProductRow(
  index: number,
  farmId: number,
  categoryIds: Record<CategoryKey, number>,
): unknown[] {
  const h = mix(index);
  const category = CATEGORY_KEYS[index % CATEGORY_KEYS.length];
  const templates = TEMPLATES[category];
  const t = templates[h % templates.length];
  const variety = t.varieties[(h >>> 8) % t.varieties.length];
  const adjective = ADJECTIVES[(h >>> 16) % ADJECTIVES.length];
  // Prices step by 10 cents from the minimum, so they keep its ".x9" ending.
  const priceCents =
    t.minCents + ((h >>> 4) % (Math.floor((t.maxCents - t.minCents) / 10) + 1)) * 10;
  const outOfStock = index % 33 === 5;
  return [
    farmId,
    categoryIds[category],
    `${adjective} ${variety} ${t.base}`,
    `${adjective.toLowerCase()} ${variety.toLowerCase()} ${t.base.toLowerCase()} from the Okanagan valley, lot ${index + 1}.`,
    priceCents,
    t.unit,
    outOfStock ? 0 : 10 + (h % 290),
    !outOfStock,
    index % 20 === 0, // ~5% featured
    index % 20 === 7, // ~5% popular
    foodImage(t.image),
  ];
}

export async function countScaleProducts(db: SeedDb): Promise<number> {
  return db.product.count({
    where: { farm: { user: { email: { endsWith: `@${SCALE_EMAIL_DOMAIN}` } } } },
  });
}

async function ensureScaleFarms(db: SeedDb, wanted: number, log: SeedLog): Promise<number[]> {
  const farmsOf = () =>
    db.farm.findMany({
      where: { user: { email: { endsWith: `@${SCALE_EMAIL_DOMAIN}` } } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
  let farms = await farmsOf();
  if (farms.length < wanted) {
    const passwordHash = await hashPassword(PARTNER_PASSWORD);
    const numbers = Array.from({ length: wanted - farms.length }, (_, i) => farms.length + i);
    const name = (n: number) => {
      const base = `${PLACES[n % PLACES.length]} ${KINDS[Math.floor(n / PLACES.length) % KINDS.length]}`;
      const round = Math.floor(n / (PLACES.length * KINDS.length));
      return round ? `${base} ${round + 1}` : base;
    };
    const email = (n: number) => `farm-${String(n + 1).padStart(5, "0")}@${SCALE_EMAIL_DOMAIN}`;
    await db.user.createMany({
      data: numbers.map((n) => ({
        email: email(n),
        fullName: `${name(n)} Owner`,
        userType: "farmer" as const,
        passwordHash,
        address: `${1000 + n} ${PLACES[n % PLACES.length]} Rd, Kelowna, BC`,
      })),
      skipDuplicates: true,
    });
    const owners = await db.user.findMany({
      where: { email: { in: numbers.map(email) }, farm: null },
      select: { id: true, email: true, address: true },
    });
    const byEmail = new Map(owners.map((o) => [o.email, o]));
    await db.farm.createMany({
      data: numbers
        .filter((n) => byEmail.has(email(n)))
        .map((n) => {
          const h = mix(n * 7919);
          return {
            userId: byEmail.get(email(n))!.id,
            farmName: name(n),
            location: byEmail.get(email(n))!.address!,
            description: "A benchmark farm generated by npm run seed:scale.",
            distance: Math.round((0.8 + (h % 242) / 10) * 10) / 10,
            rating: Math.round((3.8 + ((h >>> 8) % 13) / 10) * 10) / 10,
            reviewCount: (h >>> 12) % 400,
            farmImage: `/images/farms/${FARMS[n % FARMS.length].slug}.svg`,
          };
        }),
    });
    farms = await farmsOf();
    log(`scale farms: ${farms.length} (${numbers.length} new)`);
  }
  return farms.map((f) => f.id);
}

/**
 * Adds benchmark products until `products` scale products exist. Multi-row INSERTs (1000 rows, 11
 * parameters each, well under PostgreSQL's 65535-parameter limit) keep 100k rows to seconds.
 */
export async function seedScale(
  db: SeedDb,
  opts: {
    products: number;
    batchSize?: number;
    log?: SeedLog;
    onProgress?: (done: number, total: number, rowsPerSecond: number) => void;
  },
): Promise<{ created: number; total: number }> {
  const log = opts.log ?? (() => {});
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 1000, Math.floor(65535 / COLUMNS)));
  const categoryIds = await inTransaction((tx) => ensureCategories(tx, log));
  const existing = await countScaleProducts(db);
  const missing = Math.max(0, opts.products - existing);
  if (!missing) {
    log(`scale products: ${existing} already present (target ${opts.products}), nothing to add`);
    return { created: 0, total: existing };
  }
  const farmIds = await ensureScaleFarms(
    db,
    Math.max(1, Math.ceil(opts.products / PRODUCTS_PER_SCALE_FARM)),
    log,
  );

  const started = performance.now();
  let done = 0;
  while (done < missing) {
    const count = Math.min(batchSize, missing - done);
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (let i = 0; i < count; i++) {
      const index = existing + done + i;
      const row = scaleProductRow(index, farmIds[index % farmIds.length], categoryIds);
      const base = params.length;
      params.push(...row);
      tuples.push(`(${row.map((_, c) => `$${base + c + 1}`).join(", ")})`);
    }
    await db.$executeRawUnsafe(
      `INSERT INTO "Product" ("farmId", "categoryId", "name", "description", "priceCents", "unit", "stock", "inStock", "isFeatured", "isPopular", "image") VALUES ${tuples.join(", ")}`,
      ...params,
    );
    done += count;
    const seconds = (performance.now() - started) / 1000;
    opts.onProgress?.(done, missing, seconds > 0 ? done / seconds : done);
  }
  const seconds = (performance.now() - started) / 1000;
  log(
    `scale products: ${existing + done} (${done} new in ${seconds.toFixed(1)} s, ${Math.round(done / Math.max(seconds, 0.001))} rows/s)`,
  );
  return { created: done, total: existing + done };
}

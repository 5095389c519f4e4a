/**
 * The demo catalog: real Kelowna-area places, fictional businesses and people. Natural keys
 * (category name, user email, farm owner, product name within its farm) make the seed idempotent.
 */
import type { FoodArt } from "./food-art";

export const CATEGORIES = [
  { key: "veg", name: "Fruit & Vegetables", icon: "seedling" },
  { key: "dairy", name: "Eggs & Dairy", icon: "egg" },
  { key: "meat", name: "Meat & Poultry", icon: "drumstick-bite" },
  { key: "beer", name: "Craft Beer", icon: "beer" },
  { key: "wine", name: "Wine", icon: "wine-glass-alt" },
  { key: "preserves", name: "Preserves", icon: "jar" },
] as const;

export type CategoryKey = (typeof CATEGORIES)[number]["key"];

export type SeedProduct = {
  name: string;
  category: CategoryKey;
  priceCents: number;
  unit: string;
  /** 0 means out of stock (inStock false). */
  stock: number;
  image: FoodArt;
  description: string;
  featured?: boolean;
  popular?: boolean;
};

export type FarmScene = "orchard" | "vineyard" | "fields" | "pasture" | "hops" | "berries";

export type SeedFarm = {
  slug: string;
  farmName: string;
  location: string;
  /** Miles from the default shopper location (UBC Okanagan). */
  distance: number;
  rating: number;
  reviewCount: number;
  description: string;
  scene: FarmScene;
  /** Sky, far hills, near hills, accent (barn / fruit) colours for the generated illustration. */
  palette: [string, string, string, string];
  owner: { fullName: string; email: string; username: string; phone: string };
  products: SeedProduct[];
};

const p = (
  name: string,
  category: CategoryKey,
  priceCents: number,
  unit: string,
  stock: number,
  image: FoodArt,
  description: string,
  flags: { featured?: boolean; popular?: boolean } = {},
): SeedProduct => ({ name, category, priceCents, unit, stock, image, description, ...flags });

export const FARMS: SeedFarm[] = [
  {
    slug: "sunny-slope-orchards",
    farmName: "Sunny Slope Orchards",
    location: "3850 East Kelowna Rd, Kelowna, BC V1W 4H3",
    distance: 9.4,
    rating: 4.8,
    reviewCount: 214,
    description:
      "Third-generation orchard on the benches of East Kelowna. We pick apples, pears and cherries at peak ripeness and deliver within a day of harvest.",
    scene: "orchard",
    palette: ["#dff3ff", "#9fcf8f", "#5e9f4f", "#c0392b"],
    owner: { fullName: "Margaret Chen", email: "margaret.chen@farms.fieldfare.app", username: "margaret_chen", phone: "250-555-0101" },
    products: [
      p("Honeycrisp Apples", "veg", 349, "lb", 420, "red-apple", "Crisp, juicy and sweet-tart. Picked this week from our oldest block.", { featured: true, popular: true }),
      p("Ambrosia Apples", "veg", 329, "lb", 300, "red-apple", "A Okanagan-born variety with honeyed, low-acid flesh."),
      p("Granny Smith Apples", "veg", 279, "lb", 260, "green-apple", "Tart and firm: the baking apple."),
      p("Bartlett Pears", "veg", 299, "lb", 180, "pear", "Buttery pears that ripen on your counter in two or three days."),
      p("Lapins Cherries", "veg", 899, "2 lb box", 0, "cherries", "Dark, sweet late-season cherries. Back next July."),
      p("Fresh-Pressed Apple Cider", "preserves", 899, "1 L bottle", 75, "jar", "Unfiltered, unsweetened cider pressed from our own apples.", { popular: true }),
      p("Dried Apple Rings", "preserves", 749, "200 g bag", 90, "red-apple", "Slow-dried Ambrosia rings, nothing added."),
    ],
  },
  {
    slug: "glenmore-valley-greens",
    farmName: "Glenmore Valley Greens",
    location: "2150 Glenmore Rd N, Kelowna, BC V1V 2C2",
    distance: 3.1,
    rating: 4.7,
    reviewCount: 163,
    description:
      "Certified organic market garden in the Glenmore valley growing salad greens, herbs and heirloom vegetables with drip irrigation and no-till beds.",
    scene: "fields",
    palette: ["#e6f6ff", "#b7dd8f", "#6aa84f", "#e67e22"],
    owner: { fullName: "Daniel Okafor", email: "daniel.okafor@farms.fieldfare.app", username: "daniel_okafor", phone: "250-555-0102" },
    products: [
      p("Organic Salad Mix", "veg", 699, "250 g bag", 140, "leafy-greens", "Baby lettuces, arugula and mizuna, washed and ready.", { featured: true, popular: true }),
      p("Rainbow Swiss Chard", "veg", 399, "bunch", 80, "leafy-greens", "Tender leaves with red, gold and pink stems."),
      p("Lacinato Kale", "veg", 399, "bunch", 95, "leafy-greens", "Dark, crinkled dinosaur kale, great raw or braised."),
      p("Heirloom Tomatoes", "veg", 549, "lb", 120, "tomato", "Brandywine, Cherokee Purple and Green Zebra, mixed.", { featured: true }),
      p("Fresh Basil", "veg", 349, "bunch", 60, "herb", "Genovese basil cut the morning of delivery."),
      p("English Cucumbers", "veg", 249, "each", 110, "cucumber", "Long, thin-skinned and never bitter."),
      p("Sugar Snap Peas", "veg", 599, "pint", 0, "pea-pod", "Sweet enough to eat straight from the pint. Between plantings."),
    ],
  },
  {
    slug: "lake-country-heritage-farm",
    farmName: "Lake Country Heritage Farm",
    location: "11250 Bottom Wood Lake Rd, Lake Country, BC V4V 1S8",
    distance: 6.8,
    rating: 4.9,
    reviewCount: 301,
    description:
      "Pasture-raised hens and heritage turkeys on the shore of Wood Lake. Our birds rotate through fresh grass every few days.",
    scene: "pasture",
    palette: ["#eaf4ff", "#a8d5a2", "#4f8a3f", "#b03a2e"],
    owner: { fullName: "Evelyn Brooks", email: "evelyn.brooks@farms.fieldfare.app", username: "evelyn_brooks", phone: "250-555-0103" },
    products: [
      p("Pasture-Raised Eggs", "dairy", 799, "dozen", 220, "egg", "Deep orange yolks from hens on open pasture.", { featured: true, popular: true }),
      p("Duck Eggs", "dairy", 1099, "half dozen", 40, "nest-with-eggs", "Rich, large eggs prized by bakers."),
      p("Whole Roasting Chicken", "meat", 2499, "each (approx. 4 lb)", 35, "poultry-leg", "Air-chilled, pasture-raised, no antibiotics.", { popular: true }),
      p("Chicken Drumsticks", "meat", 899, "lb", 60, "poultry-leg", "Pasture-raised drumsticks, family pack."),
      p("Heritage Turkey", "meat", 8999, "each (approx. 12 lb)", 0, "poultry-leg", "Bronze heritage turkeys. Pre-orders open in September."),
      p("Wildflower Honey", "preserves", 1299, "500 g jar", 70, "honey-pot", "From the hives that pollinate our neighbours' orchards."),
    ],
  },
  {
    slug: "mission-creek-ranch",
    farmName: "Mission Creek Ranch",
    location: "4395 Lakeshore Rd, Kelowna, BC V1W 1X5",
    distance: 8.2,
    rating: 4.6,
    reviewCount: 128,
    description:
      "Grass-fed, grass-finished beef and heritage pork raised along Mission Creek in the Okanagan Mission. Dry-aged 21 days and cut to order.",
    scene: "pasture",
    palette: ["#fdf2e3", "#c9d99a", "#7a9a4a", "#8e3b2f"],
    owner: { fullName: "Tom Reinholt", email: "tom.reinholt@farms.fieldfare.app", username: "tom_reinholt", phone: "250-555-0104" },
    products: [
      p("Grass-Fed Ribeye Steak", "meat", 3299, "lb", 45, "cut-of-meat", "Dry-aged 21 days. Richly marbled.", { featured: true }),
      p("Grass-Fed Ground Beef", "meat", 1099, "lb", 180, "cut-of-meat", "85% lean, ground fresh weekly.", { popular: true }),
      p("Beef Short Ribs", "meat", 1499, "lb", 40, "meat-on-bone", "English-cut, perfect for braising."),
      p("Heritage Pork Chops", "meat", 1399, "lb", 55, "cut-of-meat", "Berkshire-cross pork, thick bone-in chops."),
      p("Smoked Bacon", "meat", 1299, "lb", 75, "bacon", "Maple-cured and smoked over local applewood.", { popular: true }),
      p("Beef Bone Broth", "preserves", 1199, "1 L jar", 30, "jar", "Simmered 24 hours from our grass-fed beef bones."),
    ],
  },
  {
    slug: "rutland-roots-market-garden",
    farmName: "Rutland Roots Market Garden",
    location: "455 Hollywood Rd S, Kelowna, BC V1X 3T1",
    distance: 4.5,
    rating: 4.4,
    reviewCount: 87,
    description:
      "A two-acre family plot in Rutland growing storage crops, peppers and squash. Everything is hand-harvested and sold within the week.",
    scene: "fields",
    palette: ["#fff6e0", "#d9c98a", "#8aa53f", "#d35400"],
    owner: { fullName: "Priya Sandhu", email: "priya.sandhu@farms.fieldfare.app", username: "priya_sandhu", phone: "250-555-0105" },
    products: [
      p("Yukon Gold Potatoes", "veg", 199, "lb", 500, "potato", "Creamy, all-purpose potatoes.", { popular: true }),
      p("Rainbow Carrots", "veg", 349, "bunch", 150, "carrot", "Purple, yellow and orange carrots with tops.", { featured: true }),
      p("Sweet Potatoes", "veg", 299, "lb", 120, "sweet-potato", "Orange-fleshed and sweet, cured for two weeks."),
      p("Yellow Onions", "veg", 179, "lb", 300, "onion", "Long-keeping storage onions."),
      p("Red Bell Peppers", "veg", 399, "lb", 90, "bell-pepper", "Thick-walled and sweet."),
      p("Jalapeño Peppers", "veg", 299, "pint", 70, "hot-pepper", "Medium heat, great for pickling."),
      p("Hardneck Garlic", "veg", 299, "bulb", 0, "garlic", "Music garlic, big cloves. Sold out until next harvest."),
    ],
  },
  {
    slug: "summerland-sunrise-berries",
    farmName: "Summerland Sunrise Berries",
    location: "13211 Prairie Valley Rd, Summerland, BC V0H 1Z4",
    distance: 24.6,
    rating: 4.8,
    reviewCount: 176,
    description:
      "U-pick and delivered berries from Prairie Valley. Our jams are made in small batches in our farm kitchen the same day the fruit is picked.",
    scene: "berries",
    palette: ["#fde8ec", "#a9d18e", "#4e8d3a", "#c0392b"],
    owner: { fullName: "Hannah Lindqvist", email: "hannah.lindqvist@farms.fieldfare.app", username: "hannah_lindqvist", phone: "250-555-0106" },
    products: [
      p("Strawberries", "veg", 699, "pint", 110, "strawberry", "Small, fragrant everbearing strawberries.", { featured: true, popular: true }),
      p("Blueberries", "veg", 799, "pint", 130, "blueberries", "Plump highbush blueberries.", { popular: true }),
      p("Raspberries", "veg", 849, "pint", 0, "strawberry", "Delicate summer raspberries. Next flush in August."),
      p("Strawberry Rhubarb Jam", "preserves", 999, "250 ml jar", 85, "jar", "Our best seller, just sweet enough.", { featured: true }),
      p("Wild Blueberry Jam", "preserves", 999, "250 ml jar", 70, "jar", "Small-batch, low-sugar blueberry jam."),
      p("Haskap Berry Syrup", "preserves", 1299, "375 ml bottle", 40, "jar", "Tart, deep purple syrup for pancakes or cocktails."),
    ],
  },
  {
    slug: "peachland-hillside-orchard",
    farmName: "Peachland Hillside Orchard",
    location: "5870 Trepanier Bench Rd, Peachland, BC V0H 1X2",
    distance: 19.3,
    rating: 4.5,
    reviewCount: 94,
    description:
      "Stone fruit on the warm hillsides above Okanagan Lake. Known for Redhaven peaches, apricots and the preserves we make from them.",
    scene: "orchard",
    palette: ["#fff1e0", "#f3c98b", "#9cba5e", "#e67e22"],
    owner: { fullName: "Luis Moreno", email: "luis.moreno@farms.fieldfare.app", username: "luis_moreno", phone: "250-555-0107" },
    products: [
      p("Redhaven Peaches", "veg", 449, "lb", 200, "peach", "Freestone peaches, juicy enough to need a napkin.", { featured: true, popular: true }),
      p("Apricots", "veg", 499, "lb", 90, "peach", "Sweet Okanagan apricots."),
      p("Italian Prune Plums", "veg", 349, "lb", 110, "grapes", "Perfect for drying, baking and kuchen."),
      p("Peach Preserves", "preserves", 1049, "250 ml jar", 60, "jar", "Chunky Redhaven preserves with a little lemon."),
      p("Apricot Jam", "preserves", 999, "250 ml jar", 0, "jar", "Sold out for the season."),
      p("Spiced Peach Chutney", "preserves", 1149, "250 ml jar", 45, "jar", "Ginger, mustard seed and peaches, lovely with cheese."),
    ],
  },
  {
    slug: "oyama-isthmus-farm",
    farmName: "Oyama Isthmus Farm",
    location: "15900 Oyama Rd, Lake Country, BC V4V 2E8",
    distance: 12.7,
    rating: 4.7,
    reviewCount: 142,
    description:
      "Between Kalamalka and Wood lakes, our cherry orchard and apiary share the same sunny slope. Bees first, cherries second.",
    scene: "orchard",
    palette: ["#e3f1ff", "#bcd9a0", "#5b8f3d", "#a93226"],
    owner: { fullName: "Kenji Watanabe", email: "kenji.watanabe@farms.fieldfare.app", username: "kenji_watanabe", phone: "250-555-0108" },
    products: [
      p("Sweetheart Cherries", "veg", 999, "2 lb box", 80, "cherries", "Firm, heart-shaped late cherries.", { featured: true, popular: true }),
      p("Rainier Cherries", "veg", 1199, "2 lb box", 50, "cherries", "Golden-blushed and very sweet."),
      p("Raw Clover Honey", "preserves", 1399, "500 g jar", 90, "honey-pot", "Unpasteurized, lightly filtered.", { popular: true }),
      p("Creamed Honey", "preserves", 1199, "330 g jar", 65, "honey-pot", "Spun smooth and spreadable."),
      p("Cherry Preserves", "preserves", 1099, "250 ml jar", 55, "jar", "Whole sweet cherries in a thick syrup."),
      p("Beeswax Honeycomb", "preserves", 1899, "piece", 0, "honey-pot", "Cut comb straight from the hive. Next harvest in late summer."),
    ],
  },
  {
    slug: "winfield-creamery",
    farmName: "Winfield Creamery",
    location: "10510 Bond Rd, Lake Country, BC V4V 1J6",
    distance: 7.9,
    rating: 4.9,
    reviewCount: 256,
    description:
      "A small Jersey herd in Winfield milked twice a day. We bottle non-homogenized milk and make cheese and butter in our on-farm creamery.",
    scene: "pasture",
    palette: ["#edf7ff", "#b9dfa6", "#5fa052", "#34495e"],
    owner: { fullName: "Sophie Tremblay", email: "sophie.tremblay@farms.fieldfare.app", username: "sophie_tremblay", phone: "250-555-0109" },
    products: [
      p("Whole Jersey Milk", "dairy", 599, "1 L glass bottle", 120, "milk", "Cream-top, non-homogenized, gently pasteurized.", { featured: true, popular: true }),
      p("Cultured Butter", "dairy", 899, "250 g", 80, "butter", "Slow-churned from cultured cream, lightly salted.", { popular: true }),
      p("Aged Cheddar", "dairy", 1199, "250 g", 75, "cheese", "Cave-aged 18 months, sharp and crumbly.", { featured: true }),
      p("Fresh Curds", "dairy", 799, "300 g bag", 40, "cheese", "Squeaky fresh cheese curds, made Fridays."),
      p("Plain Yogurt", "dairy", 699, "750 g tub", 60, "milk", "Thick, tangy and made with whole milk."),
      p("Heavy Cream", "dairy", 549, "500 ml bottle", 0, "milk", "Out until the herd's next flush."),
    ],
  },
  {
    slug: "westbank-cellars",
    farmName: "Westbank Cellars",
    location: "2870 Boucherie Rd, West Kelowna, BC V4T 2G4",
    distance: 14.2,
    rating: 4.6,
    reviewCount: 198,
    description:
      "Estate vineyard on the Boucherie wine trail. Cool lake breezes keep our whites bright and our reds elegant.",
    scene: "vineyard",
    palette: ["#f2eaff", "#c5b8de", "#6f8f4a", "#7d3c98"],
    owner: { fullName: "Claire Dubois", email: "claire.dubois@farms.fieldfare.app", username: "claire_dubois", phone: "250-555-0110" },
    products: [
      p("Estate Pinot Gris", "wine", 2299, "750 ml bottle", 144, "wine-glass", "Crisp pear and citrus, made for patio evenings.", { featured: true }),
      p("Riesling", "wine", 2099, "750 ml bottle", 96, "wine-glass", "Off-dry with lime and a mineral finish.", { popular: true }),
      p("Pinot Noir", "wine", 3199, "750 ml bottle", 72, "wine-glass", "Cherry, spice and soft tannins."),
      p("Merlot Reserve", "wine", 3499, "750 ml bottle", 48, "wine-glass", "Barrel-aged 16 months."),
      p("Traditional Method Sparkling", "wine", 3899, "750 ml bottle", 0, "sparkling-wine", "Bottle-fermented brut. Next disgorgement in spring."),
      p("Grape Juice (Non-Alcoholic)", "preserves", 899, "1 L bottle", 60, "grapes", "Pressed from our Pinot Noir grapes."),
    ],
  },
  {
    slug: "naramata-bench-vineyards",
    farmName: "Naramata Bench Vineyards",
    location: "1125 Naramata Rd, Naramata, BC V0H 1N1",
    distance: 24.9,
    rating: 4.9,
    reviewCount: 287,
    description:
      "Family winery on the Naramata Bench, farming 18 acres of lakeside vines by hand. Small lots, low intervention.",
    scene: "vineyard",
    palette: ["#fff0e6", "#e0c3a0", "#86a34f", "#922b21"],
    owner: { fullName: "Robert Ashford", email: "robert.ashford@farms.fieldfare.app", username: "robert_ashford", phone: "250-555-0111" },
    products: [
      p("Bench Red Blend", "wine", 2799, "750 ml bottle", 120, "wine-glass", "Merlot, Cabernet Franc and Syrah.", { featured: true, popular: true }),
      p("Syrah", "wine", 3599, "750 ml bottle", 60, "wine-glass", "Black pepper, blackberry, long finish.", { featured: true }),
      p("Gewürztraminer", "wine", 2199, "750 ml bottle", 84, "wine-glass", "Lychee, rose petal and ginger."),
      p("Rosé", "wine", 2399, "750 ml bottle", 90, "clinking-glasses", "Dry rosé of Pinot Noir and Gamay.", { popular: true }),
      p("Late Harvest Viognier", "wine", 2899, "375 ml bottle", 30, "wine-glass", "Honeyed dessert wine, apricot and orange blossom."),
      p("Sparkling Brut", "wine", 3999, "750 ml bottle", 36, "sparkling-wine", "Fine bubbles, green apple and brioche."),
    ],
  },
  {
    slug: "benvoulin-hop-yard",
    farmName: "Benvoulin Hop Yard & Brewhouse",
    location: "2279 Benvoulin Rd, Kelowna, BC V1W 2C7",
    distance: 5.6,
    rating: 4.5,
    reviewCount: 119,
    description:
      "We grow our own hops on the Benvoulin flats and brew farmhouse ales with Okanagan grain and fruit.",
    scene: "hops",
    palette: ["#e8f8f0", "#b5d99c", "#3f7f3a", "#d4ac0d"],
    owner: { fullName: "Marcus Feld", email: "marcus.feld@farms.fieldfare.app", username: "marcus_feld", phone: "250-555-0112" },
    products: [
      p("Farmhouse Saison", "beer", 1699, "4-pack (473 ml cans)", 80, "beer-mug", "Dry, peppery and brewed with our own hops.", { featured: true }),
      p("Fresh Hop IPA", "beer", 1899, "4-pack (473 ml cans)", 60, "beer-mug", "Brewed within hours of the hop harvest.", { popular: true }),
      p("Okanagan Apple Sour", "beer", 1799, "4-pack (473 ml cans)", 45, "clinking-beer-mugs", "Kettle sour with East Kelowna apples."),
      p("Orchard Pale Ale", "beer", 1599, "4-pack (473 ml cans)", 70, "beer-mug", "Easy-drinking, citrusy pale ale."),
      p("Oatmeal Stout", "beer", 1699, "4-pack (473 ml cans)", 0, "beer-mug", "Back in the fall."),
      p("Dried Cascade Hops", "preserves", 799, "50 g bag", 30, "herb", "For homebrewers: whole-cone Cascade from our yard."),
    ],
  },
  {
    slug: "black-mountain-pastures",
    farmName: "Black Mountain Pastures",
    location: "2850 Gallagher Rd, Kelowna, BC V1P 1H3",
    distance: 5.9,
    rating: 4.3,
    reviewCount: 64,
    description:
      "Lamb, pork and chicken raised on rotational pasture at the foot of Black Mountain. Butchered locally and frozen at peak freshness.",
    scene: "pasture",
    palette: ["#eef3f8", "#b6c99a", "#587d3c", "#7b4a2d"],
    owner: { fullName: "Aaron Whitfield", email: "aaron.whitfield@farms.fieldfare.app", username: "aaron_whitfield", phone: "250-555-0113" },
    products: [
      p("Lamb Loin Chops", "meat", 2199, "lb", 35, "meat-on-bone", "Tender, mild lamb raised on pasture."),
      p("Ground Lamb", "meat", 1299, "lb", 50, "cut-of-meat", "Great for burgers and koftas."),
      p("Pork Breakfast Sausages", "meat", 999, "lb", 90, "bacon", "Sage and black pepper, no fillers.", { popular: true }),
      p("Chicken Thighs", "meat", 999, "lb", 70, "poultry-leg", "Bone-in, skin-on, pasture-raised."),
      p("Pasture Eggs", "dairy", 749, "dozen", 110, "egg", "Mixed brown and blue eggs."),
      p("Leg of Lamb", "meat", 1899, "lb", 0, "meat-on-bone", "Bone-in legs, back after spring lambing."),
    ],
  },
  {
    slug: "kelowna-mushroom-co",
    farmName: "Okanagan Mission Mushroom Co.",
    location: "4150 Gordon Dr, Kelowna, BC V1W 1S3",
    distance: 6.3,
    rating: 4.6,
    reviewCount: 73,
    description:
      "Gourmet mushrooms grown indoors on local hardwood sawdust, plus microgreens and a few specialty vegetables year-round.",
    scene: "fields",
    palette: ["#f4efe6", "#cfd8b0", "#7b9a55", "#8d6e63"],
    owner: { fullName: "Nadia Haddad", email: "nadia.haddad@farms.fieldfare.app", username: "nadia_haddad", phone: "250-555-0114" },
    products: [
      p("Oyster Mushrooms", "veg", 899, "250 g", 60, "mushroom", "Blue and golden oysters, velvety and mild.", { featured: true }),
      p("Lion's Mane Mushrooms", "veg", 1199, "250 g", 30, "mushroom", "Sweet, seafood-like texture when seared."),
      p("Shiitake Mushrooms", "veg", 999, "250 g", 45, "mushroom", "Meaty caps, grown on oak.", { popular: true }),
      p("Sunflower Microgreens", "veg", 499, "100 g clamshell", 55, "sunflower", "Nutty, crunchy shoots."),
      p("Pea Shoot Microgreens", "veg", 499, "100 g clamshell", 50, "pea-pod", "Sweet and tender."),
      p("Mushroom Pâté", "preserves", 1099, "200 ml jar", 25, "jar", "Shiitake, thyme and walnut."),
      p("Fresh Ginger Root", "veg", 699, "lb", 0, "ginger-root", "Greenhouse-grown young ginger. Next crop in October."),
    ],
  },
  {
    slug: "okanagan-lakeview-gardens",
    farmName: "Lakeview Heights Gardens",
    location: "1680 Stevens Rd, West Kelowna, BC V1Z 1G3",
    distance: 11.5,
    rating: 4.2,
    reviewCount: 58,
    description:
      "Hillside vegetable farm in Lakeview Heights growing summer crops, melons and sweet corn on terraces overlooking the lake.",
    scene: "fields",
    palette: ["#e9f6fb", "#d2e3a1", "#7aa84b", "#f1c40f"],
    owner: { fullName: "Grace Kowalski", email: "grace.kowalski@farms.fieldfare.app", username: "grace_kowalski", phone: "250-555-0115" },
    products: [
      p("Peaches & Cream Sweet Corn", "veg", 899, "half dozen ears", 100, "corn", "Picked the morning of delivery.", { featured: true, popular: true }),
      p("Watermelon", "veg", 899, "each", 40, "watermelon", "Sugar Baby personal watermelons."),
      p("Cantaloupe", "veg", 599, "each", 35, "melon", "Fragrant orange-fleshed melons."),
      p("Japanese Eggplant", "veg", 349, "lb", 45, "eggplant", "Slender, thin-skinned and never bitter."),
      p("Broccoli Crowns", "veg", 399, "lb", 60, "broccoli", "Tight green crowns, cut fresh."),
      p("Green Beans", "veg", 449, "lb", 70, "beans", "Stringless bush beans."),
      p("Zucchini Relish", "preserves", 899, "250 ml jar", 40, "jar", "Sweet-and-tangy relish for burgers."),
    ],
  },
];

/** Restaurant buyers (userType restaurant). */
export const RESTAURANTS = [
  { fullName: "Olivia Martin", email: "olivia.martin@restaurants.fieldfare.app", username: "olivia_bench_bistro", phone: "250-555-0201", address: "1875 Pandosy St, Kelowna, BC V1Y 1R3", company: { companyName: "Bench Bistro", businessNumber: "812345670 RT0001", address: "1875 Pandosy St, Kelowna, BC", postalCode: "V1Y 1R3" } },
  { fullName: "Rafael Santos", email: "rafael.santos@restaurants.fieldfare.app", username: "rafael_lakeside", phone: "250-555-0202", address: "211 Bernard Ave, Kelowna, BC V1Y 6N2", company: { companyName: "Lakeside Grill", businessNumber: "823456781 RT0001", address: "211 Bernard Ave, Kelowna, BC", postalCode: "V1Y 6N2" } },
  { fullName: "Mei Lin", email: "mei.lin@restaurants.fieldfare.app", username: "mei_harvest_table", phone: "250-555-0203", address: "3570 Carrington Rd, West Kelowna, BC V4T 2Z1", company: { companyName: "The Harvest Table", businessNumber: "834567892 RT0001", address: "3570 Carrington Rd, West Kelowna, BC", postalCode: "V4T 2Z1" } },
  { fullName: "James Porter", email: "james.porter@restaurants.fieldfare.app", username: "james_mission_kitchen", phone: "250-555-0204", address: "3155 Lakeshore Rd, Kelowna, BC V1W 3S9", company: { companyName: "Mission Kitchen", businessNumber: "845678903 RT0001", address: "3155 Lakeshore Rd, Kelowna, BC", postalCode: "V1W 3S9" } },
] as const;

/** The documented demo shopper (README). */
export const DEMO_USER = {
  fullName: "Jordan Rivera",
  email: "demo@fieldfare.app",
  username: "demo",
  password: "harvest-demo-2026",
  phone: "250-555-0150",
  address: "3333 University Way, Kelowna, BC V1V 1V7",
  walletId: "FF-7QMD-24KX",
} as const;

/** Shared password of every seeded farmer and restaurant account (README). */
export const PARTNER_PASSWORD = "harvest-farm-2026";

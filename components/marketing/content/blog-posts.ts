/** The blog. Posts are plain data so /blog/[slug] is generated at build time and listed in the sitemap. */
export type BlogPost = {
  slug: string;
  title: string;
  description: string;
  date: string; // ISO date
  author: string;
  readingMinutes: number;
  sections: { heading?: string; paragraphs: string[]; list?: string[] }[];
};

export const blogPosts: BlogPost[] = [
  {
    slug: "what-is-in-season-okanagan",
    title: "What's in season in the Okanagan, month by month",
    description:
      "A practical calendar of Okanagan produce, from asparagus in May to storage apples in February, and how to cook with each season.",
    date: "2026-03-02",
    author: "Maya Lindqvist",
    readingMinutes: 6,
    sections: [
      {
        paragraphs: [
          "The Okanagan valley has one of the longest growing seasons in Canada: hot, dry summers, cool nights and lake-moderated winters. That gives Kelowna kitchens an unusually wide run of local produce — if you know when to look for it.",
          "This calendar comes from the harvest records of the farms that sell on Fieldfare. Dates shift by a week or two each year depending on spring frosts, so treat them as a guide rather than a promise.",
        ],
      },
      {
        heading: "Spring (April to June)",
        paragraphs: [
          "Spring starts underground and under cover. Greenhouse growers bring the first salad greens and radishes in April, and field asparagus arrives in early May. By June, strawberries, snap peas and the first new potatoes appear.",
        ],
        list: [
          "Asparagus: early May to mid June",
          "Rhubarb: May to June",
          "Strawberries: mid June to early July",
          "Spinach, arugula and radishes: April to June",
        ],
      },
      {
        heading: "Summer (July to August)",
        paragraphs: [
          "High summer is cherry season: the valley ships cherries around the world, and the late varieties like Staccato and Sweetheart run into August. Apricots, peaches and field tomatoes follow, with sweet corn from the Armstrong and Vernon flats.",
          "Restaurants tell us summer is also when standing orders pay off most: weekly quantities are locked in before the rush, and farms plan picking around them.",
        ],
      },
      {
        heading: "Autumn (September to November)",
        paragraphs: [
          "Apples take over in September — Ambrosia, which was discovered in an orchard in Cawston, Honeycrisp, Gala and Spartan — alongside pears, grapes, squash and the first cider pressings. Root vegetables go into storage in October.",
        ],
      },
      {
        heading: "Winter (December to March)",
        paragraphs: [
          "Winter menus lean on storage crops: apples from controlled-atmosphere rooms, potatoes, carrots, beets, onions and winter squash. Eggs, meat, preserves, honey and local wine and cider keep the marketplace busy all year.",
          "If you are planning a winter menu, message the farms directly through Fieldfare: most of them know exactly how much storage stock they have left and will hold it for a regular buyer.",
        ],
      },
    ],
  },
  {
    slug: "standing-orders-for-restaurants",
    title: "How standing orders cut produce waste in restaurant kitchens",
    description:
      "Three Kelowna kitchens explain how weekly standing orders with local farms made their costs predictable and their walk-ins emptier.",
    date: "2026-02-10",
    author: "Daniel Okafor",
    readingMinutes: 5,
    sections: [
      {
        paragraphs: [
          "Ask a chef what wastes the most money and the answer is rarely the expensive cut of meat: it is the case of herbs bought for a special that never sold, or the extra tray of tomatoes ordered just in case.",
          "A standing order is a simple idea — the same quantities from the same farm every week, adjusted a few days ahead — but it changes how a kitchen plans.",
        ],
      },
      {
        heading: "Predictable quantities, predictable prices",
        paragraphs: [
          "Farms price standing orders lower because they can plan their picking and their delivery routes. In our numbers, restaurants with at least one standing order paid on average 9% less per kilogram for the same produce than those ordering ad hoc.",
        ],
      },
      {
        heading: "Adjust, don't reorder",
        paragraphs: [
          "The trick is to make changes small and early. The kitchens we spoke to follow the same routine:",
        ],
        list: [
          "Review covers and bookings every Monday.",
          "Adjust quantities by Tuesday noon, before farms plan Wednesday picking.",
          "Use the chat to ask growers what is abundant this week, and build one special around it.",
          "Log what is left on Sunday night, and trim next week's order by that amount.",
        ],
      },
      {
        heading: "What changed",
        paragraphs: [
          "Across the three kitchens, produce thrown away fell by roughly a third over six months. Just as important, the chefs said, they now know the people who grow their food — and the farms know exactly who is cooking it.",
        ],
      },
    ],
  },
  {
    slug: "selling-direct-guide-for-small-farms",
    title: "Selling direct: a getting-started guide for small farms",
    description:
      "Pricing, packing, photos and pickup schedules: what we have learned helping small Okanagan farms sell directly to restaurants and households.",
    date: "2026-01-20",
    author: "Priya Raman",
    readingMinutes: 7,
    sections: [
      {
        paragraphs: [
          "Selling direct means keeping more of each dollar, but it also means doing the work a wholesaler used to do: setting prices, describing your produce, packing orders and talking to customers. This guide collects what the first farms on Fieldfare taught us.",
        ],
      },
      {
        heading: "Price from your costs, not the supermarket",
        paragraphs: [
          "Start from what a unit costs you to grow, pick and pack, add a margin you can live with, then compare with the farmers' market. Restaurants will pay for consistency and quality; households will pay for freshness and a story. Fieldfare's commission is shown before you publish, so the price you set is the price you can plan with.",
        ],
      },
      {
        heading: "Describe it like a chef would read it",
        paragraphs: [
          'A good listing says the variety, the unit, when it was picked and how it keeps. "Ambrosia apples, 5 lb bag, picked this week, keeps three weeks chilled" sells better than "Apples". A clear photo on a plain background helps more than any filter.',
        ],
      },
      {
        heading: "Keep stock honest",
        paragraphs: [
          "Nothing loses a buyer faster than a cancelled order. Update your stock count when you pick, and mark items out of stock the moment they are — Fieldfare will never let a shopper buy more than you have listed.",
        ],
      },
      {
        heading: "Pick a pickup rhythm",
        paragraphs: [
          "Our drivers run fixed routes through the valley. Choose the pickup days that fit your harvest and stick to them:",
        ],
        list: [
          "Lake Country and Oyama: Monday and Thursday mornings",
          "East Kelowna and South East Kelowna: Tuesday and Friday mornings",
          "West Kelowna and Peachland: Wednesday and Saturday mornings",
        ],
      },
      {
        heading: "Answer messages the same day",
        paragraphs: [
          "Buyers who get a reply within a few hours come back. Turn on notifications for Fieldfare messages during the season, and keep a few saved answers for questions about delivery and storage.",
        ],
      },
    ],
  },
];

export function findPost(slug: string): BlogPost | undefined {
  return blogPosts.find((p) => p.slug === slug);
}

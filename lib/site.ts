/** Public facts about the site used by metadata, sitemap and JSON-LD. */
export const site = {
  name: "Fieldfare",
  tagline: "Fresh produce, straight from Okanagan farms",
  description:
    "Fieldfare connects farms around Kelowna, BC with shoppers and restaurants: seasonal produce, direct delivery and transparent sourcing.",
  // Without APP_URL, the port this server listens on (PORT, as scripts/serve.ts reads it): emailed
  // links must reach the app actually served, not a default port nobody listens on.
  url: (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, ""),
  locale: "en_US",
  email: "hello@fieldfare.example",
} as const;

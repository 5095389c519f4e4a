/** Every link the public site shows; the header, the drawer and the footer read from here. */
export type NavLink = { href: string; label: string; description?: string };

export const featureLinks: NavLink[] = [
  {
    href: "/features/farmers",
    label: "For Farmers",
    description: "Sell direct, set your own prices, get paid weekly.",
  },
  {
    href: "/features/restaurants",
    label: "For Restaurants",
    description: "Order from several farms in one basket.",
  },
  {
    href: "/marketplace",
    label: "Marketplace",
    description: "What is in season around Kelowna this week.",
  },
  {
    href: "/supply-chain",
    label: "Supply Chain",
    description: "How produce moves from field to kitchen.",
  },
];

export const resourceLinks: NavLink[] = [
  { href: "/blog", label: "Blog", description: "Stories and guides from the Okanagan food scene." },
  {
    href: "/success-stories",
    label: "Success Stories",
    description: "Farms and kitchens already working together.",
  },
  { href: "/support", label: "Support", description: "Help with orders, deliveries and accounts." },
  { href: "/faq", label: "FAQ", description: "Quick answers to common questions." },
  { href: "/api-docs", label: "API Docs", description: "The OpenAPI description of our HTTP API." },
];

/**
 * The footer lists the header's resources again (it shows no descriptions): these under Company,
 * in this order, and the rest under Resources.
 */
const companyResources = ["/success-stories", "/blog"];
const resource = (href: string): NavLink => resourceLinks.find((l) => l.href === href)!;

export const footerColumns: { title: string; links: NavLink[] }[] = [
  { title: "Features", links: featureLinks },
  {
    title: "Products",
    links: [
      { href: "/products/farmers", label: "Fieldfare for Farmers" },
      { href: "/products/restaurants", label: "Fieldfare for Restaurants" },
      { href: "/marketplace", label: "Marketplace" },
      { href: "/pricing", label: "Pricing" },
    ],
  },
  {
    title: "Company",
    links: [
      { href: "/about", label: "About Us" },
      ...companyResources.map(resource),
      { href: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Resources",
    links: [
      { href: "/#how-it-works", label: "How It Works" },
      ...resourceLinks.filter((l) => !companyResources.includes(l.href)),
    ],
  },
  {
    title: "Legal",
    links: [
      { href: "/terms", label: "Terms of Service" },
      { href: "/privacy", label: "Privacy Policy" },
      { href: "/auth", label: "Sign in" },
    ],
  },
];

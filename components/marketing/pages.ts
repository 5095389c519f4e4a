import type { Metadata } from "next";
import { blogPosts } from "./content/blog-posts";

/** Every public marketing page: one place for titles, descriptions, canonical paths, OG images and the sitemap. */
export type PublicPage = { path: string; title: string; description: string };

export const publicPages: PublicPage[] = [
  {
    path: "/",
    title: "Fieldfare — Fresh produce, straight from Okanagan farms",
    description:
      "Fieldfare connects farms around Kelowna, BC with shoppers and restaurants: seasonal produce, direct delivery and transparent sourcing.",
  },
  {
    path: "/about",
    title: "About Us",
    description:
      "Why we started Fieldfare, who runs it, and how we work with Okanagan farms and kitchens.",
  },
  {
    path: "/pricing",
    title: "Pricing",
    description:
      "Simple pricing for shoppers, restaurants and farms: what each plan costs and what it includes.",
  },
  {
    path: "/features/farmers",
    title: "Features for Farmers",
    description:
      "Sell direct to restaurants and households around Kelowna: your prices, weekly payouts, route-planned pickups.",
  },
  {
    path: "/features/restaurants",
    title: "Features for Restaurants",
    description:
      "Order from many local farms in one basket, with standing orders, one invoice and next-morning delivery.",
  },
  {
    path: "/marketplace",
    title: "Marketplace",
    description:
      "Browse what Okanagan farms are harvesting this week: vegetables, fruit, eggs, meat, cider, wine and preserves.",
  },
  {
    path: "/supply-chain",
    title: "Supply Chain",
    description:
      "How Fieldfare moves produce from field to kitchen in under 36 hours, with cold-chain checks along the way.",
  },
  {
    path: "/blog",
    title: "Blog",
    description: "Guides, harvest notes and stories from the farms and kitchens of the Okanagan.",
  },
  {
    path: "/support",
    title: "Support",
    description: "Get help with orders, deliveries, payments and your Fieldfare account.",
  },
  {
    path: "/success-stories",
    title: "Success Stories",
    description: "How Okanagan farms and restaurants use Fieldfare to sell more and waste less.",
  },
  {
    path: "/faq",
    title: "Frequently Asked Questions",
    description:
      "Answers about ordering, delivery areas, payments, the wallet, selling on Fieldfare and more.",
  },
  {
    path: "/contact",
    title: "Contact Us",
    description: "Send the Fieldfare team a message: questions, partnerships, press or support.",
  },
  {
    path: "/terms",
    title: "Terms of Service",
    description: "The terms that apply when you use Fieldfare to buy or sell produce.",
  },
  {
    path: "/privacy",
    title: "Privacy Policy",
    description:
      "What personal information Fieldfare collects, why, how long we keep it and your rights.",
  },
  {
    path: "/products/farmers",
    title: "Fieldfare for Farmers",
    description:
      "The Fieldfare seller tools: listings, stock, orders, messaging and payouts for Okanagan farms.",
  },
  {
    path: "/products/restaurants",
    title: "Fieldfare for Restaurants",
    description:
      "The Fieldfare buyer tools: multi-farm ordering, standing orders, chat with growers and a prepaid wallet.",
  },
  {
    path: "/api-docs",
    title: "API Documentation",
    description:
      "The OpenAPI 3.1 description of the Fieldfare HTTP API, generated from the same schemas our server validates with.",
  },
  ...blogPosts.map((p) => ({
    path: `/blog/${p.slug}`,
    title: p.title,
    description: p.description,
  })),
];

/** The key of a page's generated Open Graph image: "/features/farmers" → "features-farmers", "/" → "home". */
export const ogKey = (path: string) => (path === "/" ? "home" : path.slice(1).replace(/\//g, "-"));

export function findPage(path: string): PublicPage {
  const page = publicPages.find((p) => p.path === path);
  if (!page) throw new Error(`No public page registered for ${path}`);
  return page;
}

/** Title, description, canonical URL, Open Graph and Twitter cards for one public page. */
export function pageMetadata(path: string): Metadata {
  const { title, description } = findPage(path);
  const image = { url: `/og/${ogKey(path)}`, width: 1200, height: 630, alt: title };
  return {
    title: path === "/" ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      siteName: "Fieldfare",
      locale: "en_US",
      title,
      description,
      url: path,
      type: path.startsWith("/blog/") ? "article" : "website",
      images: [image],
    },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}

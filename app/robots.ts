import type { MetadataRoute } from "next";
import { site } from "@/lib/site";

/** Signed-in pages and the API are not for crawlers. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/home", "/messages", "/orders", "/wallet", "/profile", "/checkout", "/api/"],
    },
    sitemap: `${site.url}/sitemap.xml`,
    host: site.url,
  };
}

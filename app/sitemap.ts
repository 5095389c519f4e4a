import type { MetadataRoute } from "next";
import { blogPosts } from "@/components/marketing/content/blog-posts";
import { publicPages } from "@/components/marketing/pages";
import { site } from "@/lib/site";

export default function sitemap(): MetadataRoute.Sitemap {
  const posted = new Map(blogPosts.map((p) => [`/blog/${p.slug}`, p.date]));
  return [
    ...publicPages.map((p) => ({
      url: `${site.url}${p.path === "/" ? "" : p.path}`,
      lastModified: posted.get(p.path) ?? "2026-03-01",
      changeFrequency: (p.path === "/" || p.path === "/blog" ? "weekly" : "monthly") as
        "weekly" | "monthly",
      priority: p.path === "/" ? 1 : p.path.startsWith("/blog/") ? 0.6 : 0.8,
    })),
    { url: `${site.url}/auth`, changeFrequency: "yearly", priority: 0.3 },
  ];
}

import Link from "next/link";
import { blogPosts } from "@/components/marketing/content/blog-posts";
import { formatDay } from "@/lib/format";
import { ContentPage } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/blog.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/blog");

export default function BlogIndexPage() {
  const posts = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <ContentPage hero={copy.hero}>
      <ul className="grid gap-6 md:grid-cols-3">
        {posts.map((p) => (
          <li
            key={p.slug}
            className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
          >
            <p className="text-sm text-muted">
              <time dateTime={p.date}>{formatDay(p.date)}</time> · {p.readingMinutes} min read
            </p>
            <h2 className="mt-2 text-xl font-semibold text-ink">
              <Link href={`/blog/${p.slug}`} className="hover:text-brand-700 hover:underline">
                {p.title}
              </Link>
            </h2>
            <p className="mt-2 flex-1 text-sm text-muted">{p.description}</p>
            <p className="mt-4 text-sm font-medium text-ink">By {p.author}</p>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}

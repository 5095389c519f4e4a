import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { blogPosts, findPost } from "@/components/marketing/content/blog-posts";
import { formatDay } from "@/lib/format";
import { Prose } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";
import { site } from "@/lib/site";

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;
export function generateStaticParams() {
  return blogPosts.map((p) => ({ slug: p.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return findPost(slug) ? pageMetadata(`/blog/${slug}`) : {};
}

export default async function BlogPostPage({ params }: Props) {
  const { slug } = await params;
  const post = findPost(slug);
  if (!post) notFound();
  const ld = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: site.name, url: site.url },
    mainEntityOfPage: `${site.url}/blog/${post.slug}`,
  };
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(ld).replace(/</g, "\\u003c") }}
      />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/blog" className="font-medium text-brand-700 hover:underline">
          ← All posts
        </Link>
      </nav>
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-ink">{post.title}</h1>
      <p className="mt-3 text-muted">
        By {post.author} · <time dateTime={post.date}>{formatDay(post.date)}</time> ·{" "}
        {post.readingMinutes} min read
      </p>
      <div className="mt-8">
        <Prose>
          {post.sections.map((s, i) => (
            <section key={i}>
              {s.heading ? <h2>{s.heading}</h2> : null}
              {s.paragraphs.map((p, j) => (
                <p key={j} className="mt-4">
                  {p}
                </p>
              ))}
              {s.list ? (
                <ul className="mt-4">
                  {s.list.map((li) => (
                    <li key={li}>{li}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </Prose>
      </div>
    </article>
  );
}

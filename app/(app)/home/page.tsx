import type { Metadata } from "next";
import { CategoryGrid } from "@/components/catalog/category-grid";
import { Greeting } from "@/components/catalog/greeting";
import { HarvestBanner } from "@/components/catalog/harvest-banner";
import { HomeSections } from "@/components/catalog/home-sections";
import { levelOf } from "@/lib/server/catalog/pricing";
import { requireUser } from "@/lib/server/auth/current-user";
import { listCategories } from "@/lib/server/catalog/categories";
import { categoryParam } from "@/lib/server/catalog/params";

export const metadata: Metadata = { title: "Home", robots: { index: false } };

export default async function HomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("/home");
  const categoryId = categoryParam((await searchParams).category);
  const categories = await listCategories();
  const selected = categories.some((c) => c.id === categoryId) ? categoryId : undefined;
  return (
    <div className="grid grid-cols-1 gap-8">
      <Greeting fullName={user.fullName} />
      <HarvestBanner />
      <CategoryGrid categories={categories} selected={selected} />
      <HomeSections userId={user.id} level={levelOf(user)} categoryId={selected} />
    </div>
  );
}

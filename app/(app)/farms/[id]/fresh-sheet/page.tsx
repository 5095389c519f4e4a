import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyNote } from "@/components/ui/empty-note";
import { freshSheet, loadFarmPage } from "@/lib/server/catalog/farm-page";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { levelOf } from "@/lib/server/catalog/pricing";
import { formatCurrency } from "@/lib/format";
import { TableHead } from "@/components/ui/table";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const farm = await loadFarmPage((await params).id);
  if (!farm) return { title: "Farm not found", robots: { index: false } };
  return {
    title: `Fresh sheet — ${farm.farmName}`,
    description: `What ${farm.farmName} has available this week.`,
    alternates: { canonical: `/farms/${farm.id}/fresh-sheet` },
  };
}

/**
 * A farm's fresh sheet (docs/restaurants.md, "Fresh sheet"): what it has free to sell this week
 * (stock not held for standing orders), at the reader's price level and, for restaurants, by the case.
 */
export default async function FreshSheetPage({ params }: Props) {
  const farm = await loadFarmPage((await params).id);
  if (!farm) notFound();
  const user = await getCurrentUser();
  const level = levelOf(user);
  const products = (await freshSheet(farm.id, level)).map((line) => line.product);
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold text-ink">Fresh sheet: {farm.farmName}</h1>
        <p className="text-muted">
          Available this week
          {/* The reader's level, not a product's: a product without a restaurant price reads retail. */}
          {level === "restaurant" ? ", at your restaurant prices" : ""}.{" "}
          <Link
            href={`/farms/${farm.id}`}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Back to {farm.farmName}
          </Link>
        </p>
      </header>
      {products.length ? (
        <div className="overflow-x-auto rounded-2xl border border-gray-200">
          <table className="w-full text-left text-sm" data-testid="fresh-sheet">
            <caption className="sr-only">Products available this week and their prices</caption>
            <TableHead
              columns={["Product", "Price", "Sold by"]}
              className="bg-brand-50 text-ink"
              cellClassName="p-3"
            />
            <tbody>
              {products.map((p) => (
                <tr key={p.id} className="border-t border-gray-200" data-testid="fresh-line">
                  <th scope="row" className="p-3 font-semibold">
                    <Link
                      href={`/products/${p.id}`}
                      className="text-brand-700 underline-offset-4 hover:underline"
                    >
                      {p.name}
                    </Link>
                  </th>
                  <td className="p-3">
                    {formatCurrency(p.price)} / {p.unit}
                  </td>
                  <td className="p-3">{p.caseSize > 1 ? `Case of ${p.caseSize}` : p.unit}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyNote>{farm.farmName} has nothing available this week.</EmptyNote>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/server/auth/current-user";
import { isAppError } from "@/lib/server/platform/errors";
import { getProduct } from "@/lib/server/catalog/products";
import { levelOf } from "@/lib/server/catalog/pricing";
import { forViewer } from "@/lib/server/catalog/serialize";
import { listStandingOrders } from "@/lib/server/standing/standing-orders";
import { checkSheetLink, sheetLinkPath } from "@/lib/server/notifications/sheet-links";
import { SheetAddToCart, SheetAddToStanding } from "@/components/fresh-sheet/sheet-link-actions";
import { WEEKDAYS } from "@/components/standing/format";
import { formatCurrency, possessive } from "@/lib/format";

export const metadata: Metadata = { title: "Add from the fresh sheet", robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

/**
 * Where a fresh-sheet email's signed link lands for its own reader (docs/restaurants.md, "Fresh
 * sheet"): "Add to cart" puts the line in the cart at once; "Add to my standing order" shows the
 * standing order and adds the line on confirm. Anything the link check refuses goes back to the
 * link itself, which answers the refusal page with its status.
 */
export default async function SheetLinkPage({ params }: Props) {
  const token = decodeURIComponent((await params).token);
  const user = await requireUser(sheetLinkPath(token));
  const checked = checkSheetLink(token, user.id);
  if (checked.ok !== true) redirect(sheetLinkPath(token));
  const { link } = checked;
  const level = levelOf(user);
  const found = await getProduct(link.productId).catch((e: unknown) => {
    if (isAppError(e, "not_found")) return null;
    throw e;
  });
  if (!found) redirect(sheetLinkPath(token));
  const product = forViewer(found, level);
  const amount =
    product.caseSize > 1
      ? `${link.quantity / product.caseSize} case${link.quantity / product.caseSize === 1 ? "" : "s"} (${link.quantity} ${product.unit})`
      : `${link.quantity} ${product.unit}`;
  const backToSheet = (
    <Link
      href={`/farms/${product.farm.id}/fresh-sheet`}
      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      Back to {possessive(product.farm.farmName)} fresh sheet
    </Link>
  );

  if (link.action === "cart")
    return (
      <div className="grid max-w-xl gap-4">
        <h1 className="text-2xl font-bold text-ink">Add to cart</h1>
        <SheetAddToCart product={product} quantity={link.quantity} token={token} amount={amount} />
        <p>{backToSheet}</p>
      </div>
    );

  const standing =
    level === "restaurant"
      ? (await listStandingOrders(user)).filter(
          (s) => s.farmId === product.farm.id && s.status !== "cancelled",
        )
      : [];
  const target = standing[0];
  return (
    <div className="grid max-w-xl gap-4">
      <h1 className="text-2xl font-bold text-ink">Add to my standing order</h1>
      <p className="text-ink">
        <span className="font-semibold">{product.name}</span>, {amount}, at{" "}
        {formatCurrency(product.price)} / {product.unit} from {product.farm.farmName}.
      </p>
      {target ? (
        <SheetAddToStanding
          standingOrderId={target.id}
          when={`${target.kind === "pickup" ? "Pickup" : "Delivery"} ${WEEKDAYS[target.weekday].toLowerCase()}, ${target.place}`}
          items={target.items.map((i) => ({
            productId: i.productId,
            productName: i.productName,
            unit: i.unit,
            quantity: i.quantity,
          }))}
          productId={product.id}
          productName={product.name}
          quantity={link.quantity}
        />
      ) : (
        <p className="rounded-xl border border-gray-200 p-4 text-ink" role="status">
          You have no standing order with {product.farm.farmName} yet. Add the product to your cart
          and tick &ldquo;Repeat every week&rdquo; at checkout to set one up.
        </p>
      )}
      <p>{backToSheet}</p>
    </div>
  );
}

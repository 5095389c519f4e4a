import "server-only";
import type { fieldfarePdf } from "@/lib/server/platform/pdf";

type Doc = ReturnType<typeof fieldfarePdf>["doc"];

/**
 * The two parties side by side under bold headings: the farm on the left (its name, address and
 * tax numbers, one a line), the buyer on the right; the page goes on below both.
 */
export function writeParties(
  doc: Doc,
  farm: { heading: string; lines: string[] },
  buyer: { heading: string; name: string },
): void {
  const top = doc.y;
  doc.font("Helvetica-Bold").text(farm.heading, 54, top).font("Helvetica");
  for (const line of farm.lines) doc.text(line);
  doc.font("Helvetica-Bold").text(buyer.heading, 320, top).font("Helvetica").text(buyer.name, 320);
  doc.x = 54;
  doc.moveDown(2);
}

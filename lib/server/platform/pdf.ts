import "server-only";
import PDFDocument from "pdfkit";

/**
 * A Fieldfare PDF (receipts, invoices): US Letter, the built-in Helvetica, the letterhead and the
 * document's title written. Draw the rest on `doc`, then `finish()` ends it and resolves to its
 * bytes.
 */
export function fieldfarePdf(info: { title: string; subject: string }): {
  doc: PDFKit.PDFDocument;
  /** One line of the four-column table (description, quantity, unit price, amount); a new page when the page is full. */
  row: (cells: [string, string, string, string], bold?: boolean) => void;
  /** A thin rule across the table. */
  rule: () => void;
  finish: () => Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    info: { Title: info.title, Author: "Fieldfare", Subject: info.subject },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).fillColor("#1f5130").text("Fieldfare");
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#555")
    .text("Farm-to-table marketplace, Kelowna BC");
  doc.moveDown(1.2);
  doc.font("Helvetica-Bold").fontSize(16).fillColor("#111").text(info.title);
  doc.font("Helvetica").fontSize(10).fillColor("#333");

  const cols = [54, 300, 370, 450];
  const row = (cells: [string, string, string, string], bold = false) => {
    if (doc.y > 700) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    doc.text(cells[0], cols[0], y, { width: 240 });
    const h = doc.y;
    doc.text(cells[1], cols[1], y, { width: 60, align: "right" });
    doc.text(cells[2], cols[2], y, { width: 70, align: "right" });
    doc.text(cells[3], cols[3], y, { width: 100, align: "right" });
    doc.x = 54;
    doc.y = Math.max(h, doc.y) + 4;
  };
  const rule = () => {
    doc.moveTo(54, doc.y).lineTo(558, doc.y).strokeColor("#ccc").stroke();
    doc.moveDown(0.3);
  };

  return {
    doc,
    row,
    rule,
    finish: async () => {
      doc.end();
      await done;
      return Buffer.concat(chunks);
    },
  };
}

/** A document as a PDF answer: shown in the browser, never cached (it is the caller's own). */
export function pdfResponse({ filename, bytes }: { filename: string; bytes: Uint8Array }) {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

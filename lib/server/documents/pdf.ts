import "server-only";
import PDFDocument from "pdfkit";

/**
 * A Fieldfare PDF (receipts, invoices): US Letter, the built-in Helvetica, the letterhead and the
 * document's title written. Draw the rest on `doc`, then `finish()` ends it and resolves to its
 * bytes.
 */
export function fieldfarePdf(info: { title: string; subject: string }): { doc: PDFKit.PDFDocument; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({ size: "LETTER", margin: 54, info: { Title: info.title, Author: "Fieldfare", Subject: info.subject } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).fillColor("#1f5130").text("Fieldfare");
  doc.font("Helvetica").fontSize(10).fillColor("#555").text("Farm-to-table marketplace, Kelowna BC");
  doc.moveDown(1.2);
  doc.font("Helvetica-Bold").fontSize(16).fillColor("#111").text(info.title);
  doc.font("Helvetica").fontSize(10).fillColor("#333");

  return {
    doc,
    finish: async () => {
      doc.end();
      await done;
      return Buffer.concat(chunks);
    },
  };
}

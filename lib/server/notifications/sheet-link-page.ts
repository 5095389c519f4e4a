import "server-only";
import { site } from "@/lib/site";
import { SHEET_LINK_REFUSALS, type SheetLinkRefusal } from "./sheet-links";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * The page a refused fresh-sheet link answers (forged, expired, someone else's, product gone):
 * a plain, self-contained HTML page with the status that says why (404, 410, 403), never JSON.
 */
export function sheetLinkRefusalResponse(reason: SheetLinkRefusal): Response {
  const r = SHEET_LINK_REFUSALS[reason];
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(r.title)} · ${escapeHtml(site.name)}</title></head>
<body style="margin:0;background:#f0f7f2;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1f2937">
<main style="max-width:28rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgba(0,0,0,.1)">
<p style="margin:0 0 1.5rem;text-align:center"><a href="/" style="font-size:1.5rem;font-weight:800;color:#1c4e32;text-decoration:none">${escapeHtml(site.name)}</a></p>
<h1 style="margin:0 0 .5rem;font-size:1.25rem">${escapeHtml(r.title)}</h1>
<p style="margin:0 0 1.5rem;color:#4b5563">${escapeHtml(r.text)}</p>
<p style="margin:0"><a href="/home" style="display:inline-block;padding:.65rem 1.2rem;border-radius:.5rem;background:#1c4e32;color:#fff;font-weight:600;text-decoration:none">Go to Fieldfare</a></p>
</main>
</body></html>`;
  return new Response(html, {
    status: r.status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

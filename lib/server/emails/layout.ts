import "server-only";
import { site } from "@/lib/site";

/**
 * The one email layout (docs/notifications.md, "Templates"): a 600 px table with inline styles
 * (what Outlook, Gmail and Apple Mail all render the same way), the brand's green header, one
 * call to action, and a footer with the reason for the email and its unsubscribe link. The text
 * alternative carries the same words and links.
 */
export type EmailContent = {
  subject: string;
  /** The hidden preview line inbox lists show after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /**
   * Text a user wrote (names, addresses, notes, messages), each under a label of ours saying who
   * wrote it, shown as a quotation with its links made unclickable (docs/notifications.md,
   * "Templates"). Subjects, headings and paragraphs never carry user text.
   */
  quotes?: { label: string; text: string }[];
  /** Label/value rows (order lines, totals); values written by users are defanged too. */
  rows?: {
    label: string;
    value: string;
    strong?: boolean;
    /** Links of ours under the row (the fresh sheet's "Add to cart"): absolute URLs. */
    links?: { label: string; url: string }[];
  }[];
  action: { label: string; path: string };
};

const BRAND = "#1c4e32";
const ACCENT = "#277a49";
const INK = "#1f2937";
const MUTED = "#6b7280";

export const appUrl = (path: string) => `${site.url}${path}`;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * Breaks anything in user text that a mail client would turn into a link (a URL, a domain, an
 * email address): "https://evil.example/x" reads "https[:]//evil[.]example/x".
 */
export function defang(text: string): string {
  return text.replace(/\S+/g, (word) =>
    /:\/\/|^www\.|@|[a-z0-9-]\.[a-z]{2,}/i.test(word)
      ? word.replace(/:\/\//g, "[:]//").replace(/\./g, "[.]").replace(/@/g, "[at]")
      : word,
  );
}

const rowLinks = (links?: { label: string; url: string }[]) =>
  links?.length
    ? `<br>${links.map((l) => `<a href="${escapeHtml(l.url)}" style="display:inline-block;margin:6px 12px 0 0;font:bold 14px/1.4 Arial,Helvetica,sans-serif;color:${ACCENT}">${escapeHtml(l.label)}</a>`).join("")}`
    : "";

export function renderEmail(
  c: EmailContent,
  /** No unsubscribe link for the account emails (a reset link is not a preference). */
  footer: { reason: string; unsubscribeUrl?: string },
): { html: string; text: string } {
  const action = appUrl(c.action.path);
  const rows = c.rows?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 20px">${c.rows
        .map(
          (r) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font:${r.strong ? "bold " : ""}15px/1.4 Arial,Helvetica,sans-serif;color:${INK}">${escapeHtml(defang(r.label))}${rowLinks(r.links)}</td><td align="right" style="padding:8px 0;border-bottom:1px solid #e5e7eb;font:${r.strong ? "bold " : ""}15px/1.4 Arial,Helvetica,sans-serif;color:${INK};white-space:nowrap">${escapeHtml(defang(r.value))}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const quotes = (c.quotes ?? [])
    .map(
      (q) =>
        `<p style="margin:0 0 6px;font:bold 13px/1.4 Arial,Helvetica,sans-serif;color:${MUTED}">${escapeHtml(q.label)}</p>\n<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:4px solid #d1d5db;background:#f9fafb;font:15px/1.5 Arial,Helvetica,sans-serif;color:${INK};white-space:pre-wrap">${escapeHtml(defang(q.text))}</blockquote>\n`,
    )
    .join("");
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:20px 28px;font:bold 22px/1.2 Arial,Helvetica,sans-serif;color:#ffffff">${site.name}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font:bold 22px/1.3 Arial,Helvetica,sans-serif;color:${INK}">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="margin:0 0 14px;font:15px/1.5 Arial,Helvetica,sans-serif;color:${INK}">${escapeHtml(p)}</p>`).join("\n")}
${quotes}${rows}
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:8px;background:${ACCENT}"><a href="${escapeHtml(action)}" style="display:inline-block;padding:12px 22px;font:bold 15px/1.2 Arial,Helvetica,sans-serif;color:#ffffff;text-decoration:none">${escapeHtml(c.action.label)}</a></td></tr></table>
</td></tr>
<tr><td style="padding:18px 28px;border-top:1px solid #e5e7eb;font:12px/1.5 Arial,Helvetica,sans-serif;color:${MUTED}">${escapeHtml(footer.reason)}${footer.unsubscribeUrl ? ` <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${MUTED}">Unsubscribe from these emails</a> or choose which emails you get in <a href="${escapeHtml(appUrl("/profile/notifications"))}" style="color:${MUTED}">Profile → Notification</a>.` : ""}<br>${site.name} · Kelowna, BC</td></tr>
</table>
</td></tr></table>
</body></html>`;
  const text = [
    c.heading,
    "",
    ...c.paragraphs.flatMap((p) => [p, ""]),
    ...(c.quotes ?? []).flatMap((q) => [
      q.label,
      ...defang(q.text)
        .split("\n")
        .map((line) => `> ${line}`),
      "",
    ]),
    ...(c.rows?.length
      ? [
          ...c.rows.flatMap((r) => [
            `${defang(r.label)}: ${defang(r.value)}`,
            ...(r.links ?? []).map((l) => `  ${l.label}: ${l.url}`),
          ]),
          "",
        ]
      : []),
    `${c.action.label}: ${action}`,
    "",
    "--",
    footer.reason,
    ...(footer.unsubscribeUrl
      ? [
          `Unsubscribe: ${footer.unsubscribeUrl}`,
          `Choose which emails you get: ${appUrl("/profile/notifications")}`,
        ]
      : []),
  ].join("\n");
  return { html, text };
}

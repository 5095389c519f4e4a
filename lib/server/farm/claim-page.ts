import "server-only";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The tiny HTML pages of the one-time sign-in link. GET shows a button and only the POST spends
 * the token, so a mail scanner or link preview that fetches the URL cannot burn it.
 */
export function claimPage(
  opts: { title: string; body: string; token?: string },
  status = 200,
): Response {
  const form = opts.token
    ? `<form method="post" action="/api/my-farm/claim"><input type="hidden" name="token" value="${escape(opts.token)}"><button type="submit">Sign in to My Farm</button></form>`
    : `<p><a href="/auth">Go to the sign-in page</a></p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(opts.title)} · Fieldfare</title>
<style>body{font-family:system-ui,sans-serif;background:#f0fdf4;color:#1f2937;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem}
main{background:#fff;border-radius:1rem;padding:2rem;max-width:28rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}h1{font-size:1.5rem;margin:0 0 .75rem}
button{background:#15803d;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font-size:1rem;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #166534;outline-offset:2px}a{color:#166534}</style></head>
<body><main><h1>${escape(opts.title)}</h1><p>${escape(opts.body)}</p>${form}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // The token is in this page's URL: never send it onwards in a Referer.
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
  });
}

export const LINK_INVALID = {
  title: "This sign-in link no longer works",
  body: "It was already used or has expired. Sign in with your password, or ask Fieldfare support for a new link.",
};

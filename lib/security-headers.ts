/**
 * Security headers for every response (next.config.ts). The CSP is a tight static policy rather
 * than a nonce so the marketing pages stay statically rendered; Next's inline bootstrap scripts
 * need 'unsafe-inline' for scripts under a static policy, everything else is 'self' only.
 */
export function securityHeaders(env: { production: boolean; dev: boolean }) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${env.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${env.dev ? " ws: wss:" : ""}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join("; ");
  const headers = [
    { key: "Content-Security-Policy", value: csp },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    {
      key: "Permissions-Policy",
      value: "camera=(), microphone=(), geolocation=(self), payment=(), usb=()",
    },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  ];
  return headers;
}

/**
 * HSTS is sent only on a response to HTTPS (RFC 6797 §7.2: a browser ignores it over HTTP, and
 * on a plain-HTTP host it would only mislead). This app serves plain HTTP behind a TLS proxy, so
 * HTTPS is what the proxy reports in `X-Forwarded-Proto` (its first value), and scripts/serve.ts
 * keeps that header only when `TRUST_PROXY` says a proxy sets it.
 */
export const HSTS = {
  key: "Strict-Transport-Security",
  value: "max-age=63072000; includeSubDomains",
};
export const OVER_HTTPS = [
  { type: "header" as const, key: "x-forwarded-proto", value: "https(?:\\s*,.*)?" },
];

/** The sandbox policy of uploaded images: nothing opened from /uploads can run as a document. */
export const UPLOAD_CSP = "default-src 'none'; sandbox";

/**
 * Headers for /uploads/*: the site's headers with the upload CSP instead of the site's. Next
 * applies every matching `headers()` rule and a config header overrides the one a route handler
 * sets, so the site-wide rule must not match /uploads at all (next.config.ts).
 */
export function uploadHeaders(env: { production: boolean; dev: boolean }) {
  return securityHeaders(env).map((h) =>
    h.key === "Content-Security-Policy" ? { key: h.key, value: UPLOAD_CSP } : h,
  );
}

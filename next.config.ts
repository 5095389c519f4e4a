import type { NextConfig } from "next";
import { withSerwist } from "@serwist/turbopack";
import { HSTS, OVER_HTTPS, securityHeaders, uploadHeaders } from "./lib/security-headers";

const dev = process.env.NODE_ENV === "development";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships wasm + data files, and PDFKit its font metrics, loaded from node_modules at run time
  // (nodemailer: the email sender, plain Node code with no reason to bundle).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@node-rs/argon2",
    "pg",
    "pdfkit",
    "nodemailer",
  ],
  // Tests and benches may build beside a dev build; keep their outputs apart.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Types are checked once by `npm run typecheck` (CI runs it before the tests); skipping the
  // duplicate pass keeps `next build` fast on small machines.
  typescript: { ignoreBuildErrors: true },
  // The CSS stays a stylesheet: inlined, it was copied into every HTML and RSC payload (/home grew
  // to 358 KB), and the stylesheet is cached after the first page.
  experimental: { inlineCss: false },
  // The invoice PDF under its short name (docs/restaurants.md, "Statements").
  async rewrites() {
    return [
      { source: "/api/invoices/:id(\\d+).pdf", destination: "/api/invoices/:id/invoice.pdf" },
    ];
  },
  async headers() {
    // /uploads has its own rule: a matching site-wide rule would replace the images' sandbox CSP.
    return [
      { source: "/((?!uploads/).*)", headers: securityHeaders({ production: !dev, dev }) },
      { source: "/uploads/:path*", headers: uploadHeaders({ production: !dev, dev }) },
      ...(dev ? [] : [{ source: "/:path*", has: OVER_HTTPS, headers: [HSTS] }]),
    ];
  },
};

// Serwist bundles the service worker with esbuild at build time: kept out of the server bundle.
export default withSerwist(nextConfig);

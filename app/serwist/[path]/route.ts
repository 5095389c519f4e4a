import crypto from "node:crypto";
import { createSerwistRoute } from "@serwist/turbopack";

// The service worker (app/sw.ts), bundled with esbuild when `next build` prerenders this route
// and then served as a static file: /serwist/sw.js and its source map (docs/offline.md).
// Precached: the offline page and the shell every page paints with (the stylesheets, the fonts,
// the icon sprite, the app icons); each page's scripts are kept the first time they load.
const distDir = (process.env.NEXT_DIST_DIR || ".next").replace(/\/$/, "");

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute(
  {
    swSrc: "app/sw.ts",
    // esbuild comes with tsx (a dependency): its native binary, no wasm download.
    useNativeEsbuild: true,
    globPatterns: [
      `${distDir}/static/**/*.css`,
      "public/fonts/**/*.woff2",
      "public/icons.svg",
      "public/app-icons/*.png",
    ],
    // A new build, a new offline page (its stylesheet's name changes with the build).
    additionalPrecacheEntries: [{ url: "/offline", revision: crypto.randomUUID() }],
  },
);

import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import noServerImportsInUi from "./eslint-rules/no-server-imports-in-ui.mjs";

const config = [
  ...next,
  ...nextTs,
  {
    plugins: { fieldfare: { rules: { "no-server-imports-in-ui": noServerImportsInUi } } },
    rules: { "fieldfare/no-server-imports-in-ui": "error" },
  },
  {
    ignores: [
      "lib/generated/**",
      ".next/**",
      ".next-*/**",
      "bench/out/**",
      "bench/floor/.next*/**",
      "coverage/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
];
export default config;

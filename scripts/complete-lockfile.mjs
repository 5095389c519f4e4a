#!/usr/bin/env node
// The npm registry mirror these machines use lacks many other-platform builds of native packages
// (e.g. @next/swc-darwin-arm64 at our pinned version), so `npm install` here drops them from
// package-lock.json, and `npm ci` then refuses the lock ("Missing: … from lock file"). This adds
// the lock entries a full registry would have written: optional, with the os/cpu they are built
// for, so `npm ci` knows to skip them on this platform. Run after any `npm install`.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;
const OS = [
  "darwin",
  "win32",
  "linux",
  "android",
  "freebsd",
  "openharmony",
  "sunos",
  "aix",
  "netbsd",
  "openbsd",
];
const CPU = [
  "arm64",
  "x64",
  "ia32",
  "arm",
  "loong64",
  "ppc64",
  "riscv64",
  "s390x",
  "wasm32",
  "mips64el",
];

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.filter((t) => OS.includes(t));
  let cpu = tokens.filter((t) => CPU.includes(t));
  if (
    tokens.includes("armv7") ||
    tokens.includes("gnueabihf") ||
    tokens.includes("musleabihf") ||
    tokens.includes("eabi")
  )
    cpu = cpu.length ? cpu : ["arm"];
  const libc =
    tokens.includes("musl") || tokens.includes("musleabihf")
      ? ["musl"]
      : tokens.includes("gnu") || tokens.includes("gnueabihf")
        ? ["glibc"]
        : undefined;
  return { os, cpu, libc };
}

/** Where npm would look for `dep` when required from the package at `from`. */
function resolves(from, dep) {
  let base = from;
  for (;;) {
    const candidate = (base ? `${base}/` : "") + `node_modules/${dep}`;
    if (pkgs[candidate]) return true;
    if (!base) return false;
    const i = base.lastIndexOf("/node_modules/");
    base = i === -1 ? "" : base.slice(0, i);
  }
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [dep, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(path, dep)) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os.length && !cpu.length) continue; // not a platform build: leave it to npm
    pkgs[`node_modules/${dep}`] = {
      version: spec.replace(/^[\^~=]/, ""),
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
      ...(cpu.length ? { cpu } : {}),
      ...(libc ? { libc } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: added ${added} other-platform optional entries`);

import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/server/env";
import { CONTENT_TYPE_BY_EXT, type CheckedImage } from "./image-check";

/** Uploaded images live in UPLOAD_DIR (default <DATA_DIR>/uploads, i.e. ./.data/uploads). */
export function uploadDir(): string {
  return path.resolve(process.env.UPLOAD_DIR || path.join(env().DATA_DIR, "uploads"));
}

/** The only names we ever write or serve: 32 random hex characters and a known extension. */
const NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;
export const UPLOAD_URL_PREFIX = "/uploads/";

/** Stores checked image bytes under a fresh random name; returns its public URL. */
export async function storeImage(image: CheckedImage): Promise<string> {
  const dir = uploadDir();
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString("hex")}.${image.ext}`;
  // Write then rename, so a reader never sees a half-written file.
  const tmp = path.join(dir, `.${name}.tmp`);
  await fs.writeFile(tmp, image.bytes, { flag: "wx", mode: 0o644 });
  await fs.rename(tmp, path.join(dir, name));
  return UPLOAD_URL_PREFIX + name;
}

/** Best-effort removal of a replaced upload (only our own /uploads/<random> files). */
export async function removeUpload(url: string): Promise<void> {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  if (!NAME.test(name)) return;
  await fs.rm(path.join(uploadDir(), name), { force: true }).catch(() => undefined);
}

/**
 * Resolves the /uploads/[...path] segments to a stored file, or null. Only a single segment that
 * matches our own naming is accepted, so "..", encoded slashes, dot files and anything not written
 * by storeImage can never be read.
 */
export async function readUpload(segments: string[]): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (segments.length !== 1 || !NAME.test(segments[0])) return null;
  const name = segments[0];
  try {
    const bytes = await fs.readFile(path.join(uploadDir(), name));
    return { bytes, contentType: CONTENT_TYPE_BY_EXT[name.split(".")[1]] };
  } catch {
    return null;
  }
}

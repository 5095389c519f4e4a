import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/server/platform/db";
import type { CheckedImage } from "./image-check";

/**
 * Uploaded images live in PostgreSQL (table UploadedImage: bytes, content type, ETag), so every
 * app instance serves every upload; app/uploads/[...path] serves them. See docs/operations.md.
 */

/** The only names we ever write or serve: 32 random hex characters and a known extension. */
const NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;
export const UPLOAD_URL_PREFIX = "/uploads/";

/** Stores re-encoded image bytes under a fresh random name; returns its public URL. */
export async function storeImage(image: CheckedImage): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${image.ext}`;
  const etag = `"${crypto.createHash("sha256").update(image.bytes).digest("base64url").slice(0, 32)}"`;
  await db.uploadedImage.create({
    data: {
      name,
      contentType: image.contentType,
      bytes: new Uint8Array(image.bytes),
      etag,
      width: image.width,
      height: image.height,
    },
  });
  return UPLOAD_URL_PREFIX + name;
}

/** Best-effort removal of a replaced upload (only our own /uploads/<random> names). */
export async function removeUpload(url: string): Promise<void> {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  if (!NAME.test(name)) return;
  // The new image is saved already; a leftover only costs space, so it is logged, not thrown.
  await db.uploadedImage
    .deleteMany({ where: { name } })
    .catch((error) => console.warn(`[uploads] could not remove the replaced ${name}:`, error));
}

/**
 * Resolves the /uploads/[...path] segments to a stored image, or null. Only a single segment that
 * matches our own naming is looked up.
 */
export async function readUpload(
  segments: string[],
): Promise<{ bytes: Uint8Array; contentType: string; etag: string } | null> {
  if (segments.length !== 1 || !NAME.test(segments[0])) return null;
  return db.uploadedImage.findUnique({
    where: { name: segments[0] },
    select: { bytes: true, contentType: true, etag: true },
  });
}

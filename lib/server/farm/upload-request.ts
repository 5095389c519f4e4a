import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "@/lib/validators/farm";
import { checkImage } from "./image-check";
import { reencodeImage } from "./image-encode";
import { removeUpload, storeImage } from "./uploads";

/**
 * Stores an uploaded picture and hands its URL to `apply`, which records it and returns the URL it
 * replaced. The content is checked by its bytes (415 for anything that is not a raster image), then
 * decoded and encoded again with sharp so no metadata or appended payload survives; it is stored
 * in the database under a random name. If `apply` fails, the new file is removed; once it
 * succeeds, the previous file is. The request itself (session, farm permission, multipart, size
 * cap) is route()'s and the caller's job (app/api/my-farm/image, …/products/{id}/image).
 */
export async function replaceImage<T>(
  file: File,
  apply: (url: string) => Promise<{ result: T; previous: string }>,
): Promise<T> {
  if (file.size > MAX_IMAGE_BYTES)
    throw new AppError("payload_too_large", IMAGE_TOO_LARGE, {
      fieldErrors: { image: IMAGE_TOO_LARGE },
    });
  const checked = checkImage(Buffer.from(await file.arrayBuffer()));
  if (!checked.ok)
    throw new AppError("unsupported_media_type", checked.reason, {
      fieldErrors: { image: checked.reason },
    });

  const url = await storeImage(await reencodeImage(checked.image));
  let applied;
  try {
    applied = await apply(url);
  } catch (e) {
    await removeUpload(url);
    throw e;
  }
  if (applied.previous && applied.previous !== url) await removeUpload(applied.previous);
  return applied.result;
}

/** Takes a picture away: `apply` records none (""); once it succeeds the file it replaced is removed. */
export async function removeImage<T>(
  apply: (url: "") => Promise<{ result: T; previous: string }>,
): Promise<T> {
  const applied = await apply("");
  if (applied.previous) await removeUpload(applied.previous);
  return applied.result;
}

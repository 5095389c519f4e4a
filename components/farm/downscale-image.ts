/** The longest side of a photo after it is downscaled in the browser, in pixels. */
export const PHOTO_MAX_SIDE = 1600;

/**
 * A camera photo made small enough to upload (docs/operations.md, "Uploaded images"): a JPEG whose
 * longest side is at most PHOTO_MAX_SIDE, drawn on a canvas. A phone's 4000 px photo of 3–6 MB
 * becomes a few hundred KB, under the server's 2 MB cap. A GIF, a picture already small in both
 * size and pixels, or one the browser cannot decode is sent as it is: the server has the last word.
 */
export async function downscaleImage(file: File, maxBytes: number): Promise<File> {
  if (file.type === "image/gif" || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= maxBytes) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) {
    bitmap.close();
    return file;
  }
  // JPEG has no transparency: a PNG's clear parts turn white, not black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", 0.85));
  if (!blob) return file;
  return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, {
    type: "image/jpeg",
  });
}

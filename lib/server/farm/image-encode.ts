import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/server/platform/errors";
import { MAX_DIMENSION, type CheckedImage } from "./image-check";

// One small image at a time is plenty here; libvips' cache only grows memory on a web server.
sharp.cache(false);
sharp.concurrency(1);

const SHARP_FORMAT: Record<CheckedImage["kind"], string> = {
  png: "png",
  jpeg: "jpeg",
  webp: "webp",
  gif: "gif",
};

/**
 * Decodes the checked image and encodes it again in the same format with sharp (libvips). Only the
 * pixels survive: EXIF (with GPS), XMP, ICC profiles, comments, text chunks and anything appended
 * to the file (a `<script>` after a GIF's trailer) are gone, because the output is written from
 * scratch and sharp keeps no metadata unless asked to. Animated GIF and WebP stay animated. A file
 * whose header looks right but whose pixels do not decode is refused (415).
 */
export async function reencodeImage(image: CheckedImage): Promise<CheckedImage> {
  const damaged = () =>
    new AppError("unsupported_media_type", `The ${image.kind.toUpperCase()} file is damaged`, {
      fieldErrors: { image: `The ${image.kind.toUpperCase()} file is damaged` },
    });
  const animated = image.kind === "gif" || image.kind === "webp";
  try {
    const input = sharp(image.bytes, {
      animated,
      failOn: "error",
      limitInputPixels: MAX_DIMENSION * MAX_DIMENSION,
    });
    const meta = await input.metadata();
    if (meta.format !== SHARP_FORMAT[image.kind]) throw damaged();
    // Apply the EXIF orientation to the pixels before the EXIF goes (a single-frame picture).
    const oriented = (meta.pages ?? 1) > 1 ? input : input.autoOrient();
    const out =
      image.kind === "png"
        ? oriented.png({ compressionLevel: 9 })
        : image.kind === "jpeg"
          ? oriented.jpeg({ quality: 85, mozjpeg: true })
          : image.kind === "webp"
            ? oriented.webp({ quality: 85 })
            : oriented.gif();
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { ...image, bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged();
  }
}

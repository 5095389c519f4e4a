/**
 * The first gate of an upload, before any decoder runs: the file type comes from its magic bytes
 * only (never the name or the declared type), the container is walked (a damaged PNG or JPEG is
 * refused, metadata chunks are dropped) and dimensions are bounded. SVG and every other type are
 * refused: an SVG is a script-capable document, not a picture. The bytes are then decoded and
 * encoded again with sharp (image-encode.ts), which is what guarantees that no metadata survives.
 */
export type ImageKind = "png" | "jpeg" | "webp" | "gif";
export type CheckedImage = {
  kind: ImageKind;
  ext: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
};
export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; reason: string };

export const MAX_DIMENSION = 8000;

const CONTENT_TYPE: Record<ImageKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};
const EXT: Record<ImageKind, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif" };
export const CONTENT_TYPE_BY_EXT: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniff(b: Buffer): ImageKind | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (
    b.length >= 12 &&
    b.toString("latin1", 0, 4) === "RIFF" &&
    b.toString("latin1", 8, 12) === "WEBP"
  )
    return "webp";
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString("latin1", 0, 6))) return "gif";
  return null;
}

let crcTable: Uint32Array | undefined;
function crc32(buf: Buffer): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Chunks a browser needs to draw a PNG (incl. APNG); text, EXIF and timestamps are dropped.
const PNG_KEEP = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "gAMA",
  "cHRM",
  "sRGB",
  "iCCP",
  "sBIT",
  "pHYs",
  "bKGD",
  "acTL",
  "fcTL",
  "fdAT",
]);

function checkPng(b: Buffer): ImageCheck {
  const out: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  let width = 0;
  let height = 0;
  let first = true;
  let sawData = false;
  while (pos + 12 <= b.length) {
    const len = b.readUInt32BE(pos);
    const type = b.toString("latin1", pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || pos + 12 + len > b.length)
      return { ok: false, reason: "The PNG file is damaged" };
    const typeAndData = b.subarray(pos + 4, pos + 8 + len);
    if (crc32(typeAndData) !== b.readUInt32BE(pos + 8 + len))
      return { ok: false, reason: "The PNG file is damaged" };
    if (first) {
      if (type !== "IHDR" || len !== 13) return { ok: false, reason: "The PNG file is damaged" };
      width = b.readUInt32BE(pos + 8);
      height = b.readUInt32BE(pos + 12);
      first = false;
    }
    if (type === "IDAT") sawData = true;
    if (PNG_KEEP.has(type)) out.push(b.subarray(pos, pos + 12 + len));
    pos += 12 + len;
    if (type === "IEND") {
      if (!sawData) return { ok: false, reason: "The PNG file has no image data" };
      return done("png", Buffer.concat(out), width, height);
    }
  }
  return { ok: false, reason: "The PNG file is damaged" };
}

function checkJpeg(b: Buffer): ImageCheck {
  const out: Buffer[] = [Buffer.from([0xff, 0xd8])];
  let pos = 2;
  let width = 0;
  let height = 0;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return { ok: false, reason: "The JPEG file is damaged" };
    const marker = b[pos + 1];
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    const len = b.readUInt16BE(pos + 2);
    if (len < 2 || pos + 2 + len > b.length)
      return { ok: false, reason: "The JPEG file is damaged" };
    const segment = b.subarray(pos, pos + 2 + len);
    // SOF0..SOF15 (not DHT C4, JPG C8, DAC CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      height = b.readUInt16BE(pos + 5);
      width = b.readUInt16BE(pos + 7);
    }
    if (marker === 0xda) {
      // Start of scan: entropy-coded data runs to the last EOI; anything after it is dropped.
      const end = b.lastIndexOf(Buffer.from([0xff, 0xd9]));
      if (end < pos + 2 + len) return { ok: false, reason: "The JPEG file is damaged" };
      out.push(b.subarray(pos, end + 2));
      if (!width || !height) return { ok: false, reason: "The JPEG file is damaged" };
      return done("jpeg", Buffer.concat(out), width, height);
    }
    // APP1..APP15 (EXIF/GPS, XMP, vendor data) and COM comments are dropped; APP0 (JFIF) and
    // APP14 (Adobe colour transform, needed to decode some CMYK files) are kept.
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!(isApp && marker !== 0xe0 && marker !== 0xee) && marker !== 0xfe) out.push(segment);
    pos += 2 + len;
  }
  return { ok: false, reason: "The JPEG file is damaged" };
}

function checkWebp(b: Buffer): ImageCheck {
  const size = b.readUInt32LE(4) + 8;
  if (size > b.length || size < 20) return { ok: false, reason: "The WebP file is damaged" };
  const chunk = b.toString("latin1", 12, 16);
  let width = 0;
  let height = 0;
  if (chunk === "VP8X" && b.length >= 30) {
    width = 1 + b.readUIntLE(24, 3);
    height = 1 + b.readUIntLE(27, 3);
  } else if (chunk === "VP8 " && b.length >= 30) {
    width = b.readUInt16LE(26) & 0x3fff;
    height = b.readUInt16LE(28) & 0x3fff;
  } else if (chunk === "VP8L" && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    width = (bits & 0x3fff) + 1;
    height = ((bits >> 14) & 0x3fff) + 1;
  } else {
    return { ok: false, reason: "The WebP file is damaged" };
  }
  // Bytes after the RIFF container's declared end are not part of the image.
  return done("webp", b.subarray(0, size), width, height);
}

function checkGif(b: Buffer): ImageCheck {
  if (b.length < 14) return { ok: false, reason: "The GIF file is damaged" };
  return done("gif", b, b.readUInt16LE(6), b.readUInt16LE(8));
}

function done(kind: ImageKind, bytes: Buffer, width: number, height: number): ImageCheck {
  if (!width || !height) return { ok: false, reason: "The image has no size" };
  if (width > MAX_DIMENSION || height > MAX_DIMENSION)
    return { ok: false, reason: `Images can be at most ${MAX_DIMENSION}×${MAX_DIMENSION} pixels` };
  return {
    ok: true,
    image: { kind, ext: EXT[kind], contentType: CONTENT_TYPE[kind], bytes, width, height },
  };
}

export function checkImage(bytes: Buffer): ImageCheck {
  const kind = sniff(bytes);
  if (!kind) return { ok: false, reason: "Upload a PNG, JPEG, WebP or GIF image" };
  try {
    if (kind === "png") return checkPng(bytes);
    if (kind === "jpeg") return checkJpeg(bytes);
    if (kind === "webp") return checkWebp(bytes);
    return checkGif(bytes);
  } catch {
    return { ok: false, reason: `The ${kind.toUpperCase()} file is damaged` };
  }
}

import sharp from "sharp";
import zlib from "node:zlib";
import { db } from "@/lib/server/platform/db";
import { ORIGIN } from "../support/http";
import { createFarm, sessionCookie } from "../support/factories";

/** A farmer with a farm and a live session cookie. */
export async function farmerWithSession(over: Parameters<typeof createFarm>[0] = {}) {
  const { owner, farm } = await createFarm(over);
  return { owner, farm, cookie: await sessionCookie(owner.id) };
}

type UploadHandler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** Posts a file as multipart/form-data (field "image"), as a browser's FormData would. */
export async function upload(
  handler: UploadHandler,
  path: string,
  opts: {
    cookie?: string;
    bytes?: Uint8Array;
    filename?: string;
    type?: string;
    field?: string;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  },
) {
  const form = new FormData();
  if (opts.bytes)
    form.set(
      opts.field ?? "image",
      new Blob([new Uint8Array(opts.bytes)], { type: opts.type ?? "image/png" }),
      opts.filename ?? "photo.png",
    );
  const headers: Record<string, string> = {
    host: "localhost:3000",
    origin: ORIGIN,
    ...opts.headers,
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await handler(new Request(ORIGIN + path, { method: "POST", headers, body: form }), {
    params: Promise.resolve(opts.params ?? {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: json as any, text };
}

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real, decodable PNG built from bytes: `size`×`size` green pixels, optionally with a tEXt chunk. */
export function tinyPng(size = 2, text?: string): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0)]);
  for (let x = 0; x < size; x++) row[1 + x * 3 + 1] = 0x80;
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(text ? [chunk("tEXt", Buffer.from(`Comment\0${text}`, "latin1"))] : []),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SECRET_EXIF = {
  IFD0: { ImageDescription: "GPS 49.88N 119.49W secret-location", Make: "SpyCam" },
  IFD3: { GPSLatitudeRef: "N", GPSLongitudeRef: "W" },
};
const sample = () =>
  sharp({ create: { width: 6, height: 4, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** A real JPEG (6×4) with an EXIF segment carrying GPS text, a comment and a <script> after its end marker. */
export async function jpegWithExif(): Promise<Buffer> {
  const jpeg = await sample().jpeg().withExif(SECRET_EXIF).toBuffer();
  // A COM segment right after SOI, then a trailer after EOI (a polyglot payload).
  const com = Buffer.concat([
    Buffer.from([0xff, 0xfe, 0x00, 11]),
    Buffer.from("a comment", "latin1"),
  ]);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    com,
    jpeg.subarray(2),
    Buffer.from("<script>alert(1)</script>", "latin1"),
  ]);
}

/** A real WebP (6×4) with an EXIF chunk carrying GPS text. */
export async function webpWithExif(): Promise<Buffer> {
  return sample().webp().withExif(SECRET_EXIF).toBuffer();
}

/** A real GIF (6×4) with an HTML <script> appended after its trailer byte. */
export async function gifWithScript(): Promise<Buffer> {
  return Buffer.concat([
    await sample().gif().toBuffer(),
    Buffer.from("<script>alert(document.cookie)</script>", "latin1"),
  ]);
}

export async function makeCategory(name = `Cat ${Math.random().toString(36).slice(2, 8)}`) {
  return db.category.create({ data: { name, icon: "seedling" } });
}

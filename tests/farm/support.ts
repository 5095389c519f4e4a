import sharp from "sharp";
import { db } from "@/lib/server/platform/db";
import { ORIGIN } from "../support/http";
import { rgbPng } from "../support/png";
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

/** A real, decodable PNG built from bytes: `size`×`size` green pixels, optionally with a tEXt chunk. */
export const tinyPng = (size = 2, text?: string): Buffer =>
  rgbPng(size, size, () => [0, 0x80, 0], { comment: text });

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

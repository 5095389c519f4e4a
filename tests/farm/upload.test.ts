import sharp from "sharp";
import { PrismaPg } from "@prisma/adapter-pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db, isPostgres } from "@/lib/server/platform/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import * as farmImageRoute from "@/app/api/my-farm/image/route";
import * as productImageRoute from "@/app/api/my-farm/products/[id]/image/route";
import * as uploadsRoute from "@/app/uploads/[...path]/route";
import { getFarm } from "@/lib/server/catalog/farms";
import { checkImage } from "@/lib/server/farm/image-check";
import { MAX_IMAGE_BYTES } from "@/lib/validators/farm";
import { ORIGIN } from "../support/http";
import { createProduct } from "../support/factories";
import {
  farmerWithSession,
  gifWithScript,
  jpegWithExif,
  tinyPng,
  upload,
  webpWithExif,
} from "./support";

let me: Awaited<ReturnType<typeof farmerWithSession>>;

beforeAll(async () => {
  me = await farmerWithSession({ farmName: "Picture Farm" });
});

/** Uploaded images live in the database (every app instance serves every upload). */
const files = async () =>
  (await db.uploadedImage.findMany({ select: { name: true }, orderBy: { createdAt: "asc" } })).map(
    (r) => r.name,
  );

async function serve(segments: string[], headers: Record<string, string> = {}) {
  const res = await uploadsRoute.GET(
    new Request(`${ORIGIN}/uploads/${segments.join("/")}`, { headers }),
    { params: Promise.resolve({ path: segments }) },
  );
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const SECRETS = ["secret-location", "SpyCam", "Exif", "EXIF", "a comment", "<script>", "GPS"];

describe("image upload", () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
  );
  const refused: [string, Buffer, string, string][] = [
    [
      "a text file renamed .png",
      Buffer.from("just some text, honestly a picture"),
      "photo.png",
      "image/png",
    ],
    ["an SVG (script-capable)", svg, "logo.svg", "image/svg+xml"],
    ["an SVG renamed .png", svg, "logo.png", "image/png"],
    [
      "an HTML page claiming to be a JPEG",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "x.jpg",
      "image/jpeg",
    ],
    [
      "a PNG signature with garbage after it",
      Buffer.concat([tinyPng().subarray(0, 8), Buffer.from("not really chunks at all")]),
      "x.png",
      "image/png",
    ],
    [
      "a PNG whose chunk checksum is wrong",
      Buffer.from(tinyPng().map((b, i) => (i === 30 ? b ^ 0xff : b))),
      "x.png",
      "image/png",
    ],
  ];

  it.each(refused)(
    "refuses %s with 415 and stores nothing",
    async (_name, bytes, filename, type) => {
      const before = (await files()).length;
      const res = await upload(farmImageRoute.POST, "/api/my-farm/image", {
        cookie: me.cookie,
        bytes,
        filename,
        type,
      });
      expect(res.status).toBe(415);
      expect(res.json.errors.image).toEqual(expect.any(String));
      expect((await files()).length).toBe(before);
      expect((await db.farm.findUniqueOrThrow({ where: { id: me.farm.id } })).farmImage).toBe("");
    },
  );

  it("refuses a file over 2 MB with 413", async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(MAX_IMAGE_BYTES + 1)]);
    const res = await upload(farmImageRoute.POST, "/api/my-farm/image", {
      cookie: me.cookie,
      bytes: big,
    });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("The image is too large (2 MB at most)");
    expect(await files()).toEqual([]);
  });

  it("refuses a body without the image field (400) and a JSON body (415)", async () => {
    const none = await upload(farmImageRoute.POST, "/api/my-farm/image", {
      cookie: me.cookie,
      bytes: tinyPng(),
      field: "file",
    });
    expect(none.status).toBe(400);
    expect(none.json.errors).toEqual({ image: "Choose an image to upload" });
    const res = await farmImageRoute.POST(
      new Request(`${ORIGIN}/api/my-farm/image`, {
        method: "POST",
        headers: {
          host: "localhost:3000",
          origin: ORIGIN,
          cookie: me.cookie,
          "content-type": "application/json",
        },
        body: "{}",
      }),
    );
    expect(res.status).toBe(415);
  });

  it("accepts a real small PNG, re-encodes it without its text chunk, stores it under a random name and shows it on the public farm page", async () => {
    const png = tinyPng(4, "secret note");
    const res = await upload(farmImageRoute.POST, "/api/my-farm/image", {
      cookie: me.cookie,
      bytes: png,
      filename: "../../../etc/passwd.png",
    });
    expect(res.status).toBe(200);
    expect(res.json.farmImage).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect((await getFarm(me.farm.id)).farmImage).toBe(res.json.farmImage);

    const name = res.json.farmImage.split("/").pop();
    expect(await files()).toEqual([name]);
    const { res: served, bytes } = await serve([name]);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-length")).toBe(String(bytes.length));
    expect(bytes.subarray(0, 8)).toEqual(png.subarray(0, 8));
    expect(bytes.includes(Buffer.from("secret note"))).toBe(false);
    expect(checkImage(bytes)).toMatchObject({
      ok: true,
      image: { kind: "png", width: 4, height: 4 },
    });
    // The pixels survive the re-encoding.
    const px = await sharp(bytes).raw().toBuffer();
    expect([...px.subarray(0, 3)]).toEqual([0, 0x80, 0]);

    // Replacing the picture removes the old one.
    const again = await upload(farmImageRoute.POST, "/api/my-farm/image", {
      cookie: me.cookie,
      bytes: tinyPng(2),
    });
    expect(again.status).toBe(200);
    expect(await files()).toEqual([again.json.farmImage.split("/").pop()]);
  });

  it("answers a repeated request with its ETag as 304 Not Modified, without the bytes", async () => {
    const res = await upload(farmImageRoute.POST, "/api/my-farm/image", {
      cookie: me.cookie,
      bytes: tinyPng(3),
    });
    const name = res.json.farmImage.split("/").pop();
    const first = await serve([name]);
    const etag = first.res.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    const again = await serve([name], { "if-none-match": etag! });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.res.headers.get("etag")).toBe(etag);
    expect((await serve([name], { "if-none-match": '"something-else"' })).res.status).toBe(200);
  });

  const stripped: [string, () => Promise<Buffer>, string, string, string][] = [
    [
      "a JPEG with EXIF (GPS), a comment and a <script> after its end marker",
      jpegWithExif,
      "pears.jpg",
      "image/jpeg",
      "jpg",
    ],
    [
      "a WebP with an EXIF chunk carrying GPS text",
      webpWithExif,
      "pears.webp",
      "image/webp",
      "webp",
    ],
    ["a GIF with a <script> trailer", gifWithScript, "pears.gif", "image/gif", "gif"],
  ];

  it.each(stripped)(
    "re-encodes %s for a product: served without any of it, same size and format",
    async (_name, make, filename, type, ext) => {
      const original = await make();
      // The fixture really carries what must go.
      expect(SECRETS.some((s) => original.includes(Buffer.from(s)))).toBe(true);
      const product = await createProduct(me.farm.id, { name: `Pictured Pears ${ext}` });
      const res = await upload(
        productImageRoute.POST,
        `/api/my-farm/products/${product.id}/image`,
        { cookie: me.cookie, bytes: original, filename, type, params: { id: String(product.id) } },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.json.image).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
      const { res: served, bytes } = await serve([res.json.image.split("/").pop()]);
      expect(served.headers.get("content-type")).toBe(type);
      for (const secret of SECRETS) expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect([
        meta.format === "jpeg" ? "jpg" : meta.format,
        meta.width,
        meta.height,
        meta.exif,
        meta.xmp,
        meta.comments,
      ]).toEqual([ext, 6, 4, undefined, undefined, undefined]);
    },
  );

  it("refuses a file whose header says PNG but whose pixels do not decode (415), storing nothing", async () => {
    const png = tinyPng(4);
    // Valid chunk structure and checksums, but the IDAT holds no deflate stream.
    const broken = Buffer.from(png);
    const idat = broken.indexOf(Buffer.from("IDAT"));
    const len = broken.readUInt32BE(idat - 4);
    broken.fill(0x41, idat + 4, idat + 4 + len);
    const zlib = await import("node:zlib");
    const crc = zlib.crc32(broken.subarray(idat, idat + 4 + len));
    broken.writeUInt32BE(crc >>> 0, idat + 4 + len);
    const before = (await files()).length;
    const res = await upload(farmImageRoute.POST, "/api/my-farm/image", {
      cookie: me.cookie,
      bytes: broken,
    });
    expect(res.status).toBe(415);
    expect(res.json.errors.image).toBe("The PNG file is damaged");
    expect((await files()).length).toBe(before);
  });

  it("the file server answers 404 for traversal, odd names and names it did not store", async () => {
    for (const segments of [
      ["..", "ff-outside.png"],
      ["../ff-outside.png"],
      ["notes.txt"],
      ["a", "b.png"],
      ["%2e%2e%2fetc%2fpasswd"],
      ["0123456789abcdef0123456789abcdef.svg"],
      ["0123456789abcdef0123456789abcdef.png"],
    ]) {
      const { res } = await serve(segments);
      expect(res.status, segments.join("/")).toBe(404);
    }
  });

  it.skipIf(!isPostgres())(
    "a second, independent database client (another app instance) reads the upload byte for byte",
    async () => {
      const res = await upload(farmImageRoute.POST, "/api/my-farm/image", {
        cookie: me.cookie,
        bytes: tinyPng(5),
      });
      const name = res.json.farmImage.split("/").pop();
      const served = await serve([name]);
      const other = new PrismaClient({
        adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 1 }),
      });
      try {
        const row = await other.uploadedImage.findUniqueOrThrow({ where: { name } });
        expect(Buffer.from(row.bytes).equals(served.bytes)).toBe(true);
        expect(row.contentType).toBe("image/png");
      } finally {
        await other.$disconnect();
      }
    },
  );
});

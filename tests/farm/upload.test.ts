import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import * as farmImageRoute from "@/app/api/my-farm/image/route";
import * as productImageRoute from "@/app/api/my-farm/products/[id]/image/route";
import * as uploadsRoute from "@/app/uploads/[...path]/route";
import { getFarm } from "@/lib/server/catalog/farms";
import { checkImage } from "@/lib/server/farm/image-check";
import { MAX_IMAGE_BYTES } from "@/lib/validators/farm";
import { ORIGIN } from "../support/http";
import { createProduct } from "../support/factories";
import { farmerWithSession, jpegWithExif, tinyPng, upload } from "./support";

let dir: string;
let me: Awaited<ReturnType<typeof farmerWithSession>>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-uploads-"));
  process.env.UPLOAD_DIR = dir;
  me = await farmerWithSession({ farmName: "Picture Farm" });
  return () => fs.rmSync(dir, { recursive: true, force: true });
});

const files = () => fs.readdirSync(dir).filter((f) => !f.startsWith("."));

async function serve(segments: string[]) {
  const res = await uploadsRoute.GET(new Request(`${ORIGIN}/uploads/${segments.join("/")}`), { params: Promise.resolve({ path: segments }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("image upload", () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
  const refused: [string, Buffer, string, string][] = [
    ["a text file renamed .png", Buffer.from("just some text, honestly a picture"), "photo.png", "image/png"],
    ["an SVG (script-capable)", svg, "logo.svg", "image/svg+xml"],
    ["an SVG renamed .png", svg, "logo.png", "image/png"],
    ["an HTML page claiming to be a JPEG", Buffer.from("<html><script>alert(1)</script></html>"), "x.jpg", "image/jpeg"],
    ["a PNG signature with garbage after it", Buffer.concat([tinyPng().subarray(0, 8), Buffer.from("not really chunks at all")]), "x.png", "image/png"],
    ["a PNG whose chunk checksum is wrong", Buffer.from(tinyPng().map((b, i) => (i === 30 ? b ^ 0xff : b))), "x.png", "image/png"],
  ];

  it.each(refused)("refuses %s with 415 and stores nothing", async (_name, bytes, filename, type) => {
    const before = files().length;
    const res = await upload(farmImageRoute.POST, "/api/my-farm/image", { cookie: me.cookie, bytes, filename, type });
    expect(res.status).toBe(415);
    expect(res.json.errors.image).toEqual(expect.any(String));
    expect(files().length).toBe(before);
    expect((await db.farm.findUniqueOrThrow({ where: { id: me.farm.id } })).farmImage).toBe("");
  });

  it("refuses a file over 2 MB with 413", async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(MAX_IMAGE_BYTES + 1)]);
    const res = await upload(farmImageRoute.POST, "/api/my-farm/image", { cookie: me.cookie, bytes: big });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("The image is too large (2 MB at most)");
    expect(files()).toEqual([]);
  });

  it("refuses a body without the image field (400) and a JSON body (415)", async () => {
    const none = await upload(farmImageRoute.POST, "/api/my-farm/image", { cookie: me.cookie, bytes: tinyPng(), field: "file" });
    expect(none.status).toBe(400);
    expect(none.json.errors).toEqual({ image: "Choose an image to upload" });
    const res = await farmImageRoute.POST(
      new Request(`${ORIGIN}/api/my-farm/image`, { method: "POST", headers: { host: "localhost:3000", origin: ORIGIN, cookie: me.cookie, "content-type": "application/json" }, body: "{}" }),
    );
    expect(res.status).toBe(415);
  });

  it("accepts a real small PNG, strips its text chunk, stores it under a random name and shows it on the public farm page", async () => {
    const png = tinyPng(4, "secret note");
    const res = await upload(farmImageRoute.POST, "/api/my-farm/image", { cookie: me.cookie, bytes: png, filename: "../../../etc/passwd.png" });
    expect(res.status).toBe(200);
    expect(res.json.farmImage).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect((await getFarm(me.farm.id)).farmImage).toBe(res.json.farmImage);

    const name = res.json.farmImage.split("/").pop();
    expect(files()).toEqual([name]);
    const { res: served, bytes } = await serve([name]);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(bytes.subarray(0, 8)).toEqual(png.subarray(0, 8));
    expect(bytes.includes(Buffer.from("secret note"))).toBe(false);
    expect(bytes.length).toBeLessThan(png.length);
    expect(checkImage(bytes)).toMatchObject({ ok: true, image: { kind: "png", width: 4, height: 4 } });

    // Replacing the picture removes the old file.
    const again = await upload(farmImageRoute.POST, "/api/my-farm/image", { cookie: me.cookie, bytes: tinyPng(2) });
    expect(again.status).toBe(200);
    expect(files()).toEqual([again.json.farmImage.split("/").pop()]);
  });

  it("accepts a JPEG for a product and drops its EXIF (GPS), comment and anything after the end marker", async () => {
    const product = await createProduct(me.farm.id, { name: "Pictured Pears" });
    const res = await upload(productImageRoute.POST, `/api/my-farm/products/${product.id}/image`, {
      cookie: me.cookie,
      bytes: jpegWithExif(),
      filename: "pears.jpg",
      type: "image/jpeg",
      params: { id: String(product.id) },
    });
    expect(res.status).toBe(200);
    expect(res.json.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    const { res: served, bytes } = await serve([res.json.image.split("/").pop()]);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    for (const secret of ["Exif", "secret-location", "a comment", "<script>"]) expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
    expect(bytes.includes(Buffer.from("JFIF"))).toBe(true);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it("the file server answers 404 for traversal, odd names and files it did not write", async () => {
    fs.writeFileSync(path.join(dir, "notes.txt"), "private");
    fs.writeFileSync(path.join(path.dirname(dir), "ff-outside.png"), "outside");
    for (const segments of [["..", "ff-outside.png"], ["../ff-outside.png"], ["notes.txt"], ["a", "b.png"], ["%2e%2e%2fetc%2fpasswd"], ["0123456789abcdef0123456789abcdef.svg"], ["0123456789abcdef0123456789abcdef.png"]]) {
      const { res } = await serve(segments);
      expect(res.status, segments.join("/")).toBe(404);
    }
    fs.rmSync(path.join(path.dirname(dir), "ff-outside.png"), { force: true });
  });
});

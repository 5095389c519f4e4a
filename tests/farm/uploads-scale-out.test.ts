import { expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { createFarmerWithSession } from "../support/factories";
import { describeOnTwoInstances } from "../support/scale-out";
import { webpWithExif } from "./support";

/**
 * Two app instances (two processes, two ports) on ONE PostgreSQL database: a picture uploaded
 * through instance A is served by instance B, byte for byte (images live in the database, not on
 * A's disk). Needs a production build (see tests/messages/support/app-instance.ts).
 */
describeOnTwoInstances("uploads across instances", (instances) => {
  it("an image uploaded through instance A is served by instance B (and by A), without its EXIF", async () => {
    const [a, b] = instances;
    expect(a.pid).not.toBe(b.pid);
    const farmer = await createFarmerWithSession();
    const form = new FormData();
    form.append(
      "image",
      new Blob([new Uint8Array(await webpWithExif())], { type: "image/webp" }),
      "farm.webp",
    );
    const res = await fetch(`${a.url}/api/my-farm/image`, {
      method: "POST",
      headers: { cookie: farmer.cookie, origin: a.url },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { farmImage } = (await res.json()) as { farmImage: string };
    expect(farmImage).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    const fromB = await fetch(`${b.url}${farmImage}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    expect(fromB.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    expect(bytesB.includes(Buffer.from("secret-location"))).toBe(false);
    const fromA = Buffer.from(await (await fetch(`${a.url}${farmImage}`)).arrayBuffer());
    expect(fromA.equals(bytesB)).toBe(true);
    const row = await db.uploadedImage.findUniqueOrThrow({
      where: { name: farmImage.split("/").pop()! },
    });
    expect(Buffer.from(row.bytes).equals(bytesB)).toBe(true);

    // B revalidates with the ETag A's answer carried.
    const again = await fetch(`${b.url}${farmImage}`, {
      headers: { "if-none-match": fromB.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as productImageRoute from "@/app/api/my-farm/products/[id]/image/route";
import { call } from "../support/http";
import { createProduct, createUserWithSession } from "../support/factories";
import { farmerWithSession, tinyPng, upload } from "./support";

const remove = (cookie: string, id: number) =>
  call(productImageRoute.DELETE, `/api/my-farm/products/${id}/image`, {
    method: "DELETE",
    cookie,
    params: { id: String(id) },
  });

describe("removing a product's picture", () => {
  it("leaves the product without one and deletes the stored upload; the next upload works again", async () => {
    const me = await farmerWithSession({ farmName: "Bare Farm" });
    const product = await createProduct(me.farm.id, { name: "Bare Beets" });
    const put = (bytes: Buffer) =>
      upload(productImageRoute.POST, `/api/my-farm/products/${product.id}/image`, {
        cookie: me.cookie,
        bytes,
        params: { id: String(product.id) },
      });
    const first = await put(tinyPng(3));
    expect(first.status, first.text).toBe(200);
    const name = first.json.image.split("/").pop();
    expect(await db.uploadedImage.count({ where: { name } })).toBe(1);

    const res = await remove(me.cookie, product.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: product.id, image: "" });
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).image).toBe("");
    expect(await db.uploadedImage.count({ where: { name } })).toBe(0);

    // Removing again changes nothing; a new photo can be put back.
    expect((await remove(me.cookie, product.id)).json.image).toBe("");
    const again = await put(tinyPng(4));
    expect(again.json.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
  });

  it("another farm's product is 404 and keeps its picture; a shopper is 403; signed out is 401", async () => {
    const owner = await farmerWithSession({ farmName: "Kept Picture Farm" });
    const product = await createProduct(owner.farm.id, { name: "Kept Kale" });
    await db.product.update({ where: { id: product.id }, data: { image: "/food/kale.svg" } });
    const other = await farmerWithSession({ farmName: "Other Farm" });
    const shopper = await createUserWithSession();
    expect((await remove(other.cookie, product.id)).status).toBe(404);
    expect((await remove(shopper.cookie, product.id)).status).toBe(403);
    expect((await remove("", product.id)).status).toBe(401);
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).image).toBe(
      "/food/kale.svg",
    );
  });
});

import { describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/addresses/route";
import * as oneRoute from "@/app/api/addresses/[id]/route";
import { call } from "../support/http";
import { createUserWithSession } from "../support/factories";

const add = (cookie: string, body: unknown) =>
  call(listRoute.POST, "/api/addresses", { cookie, body });
const list = (cookie: string) => call(listRoute.GET, "/api/addresses", { cookie });
const patch = (cookie: string, id: number, body: unknown) =>
  call(oneRoute.PATCH, `/api/addresses/${id}`, {
    method: "PATCH",
    cookie,
    body,
    params: { id: String(id) },
  });
const remove = (cookie: string, id: number) =>
  call(oneRoute.DELETE, `/api/addresses/${id}`, {
    method: "DELETE",
    cookie,
    params: { id: String(id) },
  });

const home = { label: "Home", line1: "1450 Bernard Ave", city: "Kelowna", postalCode: "v1y 6n2" };
const bistro = {
  label: "Bistro",
  line1: "221 Main St",
  city: "West Kelowna",
  postalCode: "V4T2K3",
  notes: "Back door, before 10 am",
};

describe("Profile → Address: the buyer's address book", () => {
  it("adds addresses (postal code written V1Y 6N2), the first is the default, the list shows the default first", async () => {
    const me = await createUserWithSession();
    const a = await add(me.cookie, home);
    expect(a.status, a.text).toBe(201);
    expect(a.json).toEqual({
      id: expect.any(Number),
      ...home,
      postalCode: "V1Y 6N2",
      notes: "",
      isDefault: true,
    });
    const b = await add(me.cookie, bistro);
    expect(b.json).toMatchObject({ postalCode: "V4T 2K3", isDefault: false });
    const made = await patch(me.cookie, b.json.id, { isDefault: true });
    expect(made.json.isDefault).toBe(true);
    expect(
      (await list(me.cookie)).json.map((x: { label: string; isDefault: boolean }) => [
        x.label,
        x.isDefault,
      ]),
    ).toEqual([
      ["Bistro", true],
      ["Home", false],
    ]);
  });

  it("removing the default makes the next one the default", async () => {
    const me = await createUserWithSession();
    const a = await add(me.cookie, home);
    await add(me.cookie, bistro);
    expect((await remove(me.cookie, a.json.id)).json).toEqual({ ok: true });
    expect((await list(me.cookie)).json).toEqual([
      expect.objectContaining({ label: "Bistro", isDefault: true }),
    ]);
  });

  it("refuses a postal code that is not Canadian, and names the field", async () => {
    const me = await createUserWithSession();
    const res = await add(me.cookie, { ...home, postalCode: "90210" });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ postalCode: "Enter a Canadian postal code like V1Y 2K3" });
    const blank = await add(me.cookie, { ...home, line1: "  " });
    expect(blank.json.errors).toEqual({ line1: "Street address is required" });
  });

  it("someone else's address is a 404 to edit or delete, and never listed", async () => {
    const owner = await createUserWithSession();
    const theirs = await add(owner.cookie, home);
    const me = await createUserWithSession();
    expect((await patch(me.cookie, theirs.json.id, { label: "Mine" })).status).toBe(404);
    expect((await remove(me.cookie, theirs.json.id)).status).toBe(404);
    expect((await list(me.cookie)).json).toEqual([]);
    expect((await list(owner.cookie)).json).toEqual([theirs.json]);
    expect((await call(listRoute.GET, "/api/addresses")).status).toBe(401);
  });

  it("keeps at most 20 addresses (409 with the reason)", async () => {
    const me = await createUserWithSession();
    for (let i = 0; i < 20; i++)
      expect((await add(me.cookie, { ...home, label: `Place ${i}` })).status).toBe(201);
    const over = await add(me.cookie, { ...home, label: "One more" });
    expect(over.status).toBe(409);
    expect(over.json.message).toBe("You can keep at most 20 addresses: remove one first");
  });
});

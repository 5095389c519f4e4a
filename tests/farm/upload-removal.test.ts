/**
 * Removing a replaced upload is best effort (lib/server/farm/uploads.ts), but a failure is logged
 * with the image it left behind: a real database error, raised by a trigger this test adds.
 */
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { removeUpload, UPLOAD_URL_PREFIX } from "@/lib/server/farm/uploads";
import { captureConsole } from "../support/console";

afterAll(async () => {
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_refuse_delete ON "UploadedImage"`);
});

describe("removing a replaced upload", () => {
  it("logs what it could not remove, and why, instead of swallowing it", async () => {
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN RAISE EXCEPTION ''disk on fire''\\003B END'`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_delete BEFORE DELETE ON "UploadedImage" FOR EACH STATEMENT EXECUTE FUNCTION test_refuse_delete()`,
    );
    const name = `${"ab".repeat(16)}.png`;
    const lines = await captureConsole(() => removeUpload(UPLOAD_URL_PREFIX + name));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(lines[0]).toContain("disk on fire");
  });
});

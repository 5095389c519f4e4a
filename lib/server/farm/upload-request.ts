import "server-only";
import { userFromRequest, type SessionUser } from "@/lib/server/auth/session";
import { AppError, unauthorized } from "@/lib/server/errors";
import { errorResponse, isCrossSite, json } from "@/lib/server/http/route";
import { MAX_IMAGE_BYTES } from "@/lib/validators/farm";
import { checkImage } from "./image-check";
import { readCapped } from "./read-capped";
import { removeUpload, storeImage } from "./uploads";

/** Room for the multipart boundary and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;
const TOO_LARGE = `The image is too large (${MAX_IMAGE_BYTES / 1024 / 1024} MB at most)`;

/**
 * The one multipart endpoint shape (route() is JSON-only by design, DESIGN.md §4), so it repeats
 * that wrapper's guarantees by hand: same-origin check, session (401), the caller's permission
 * (via `apply`, which throws 403/404), a size cap enforced while streaming (413), content checked
 * by magic bytes and rebuilt (415), a random file name, and no stack traces in answers.
 * The file goes in the form field "image"; `apply` stores the URL and returns the previous one.
 */
export function imageUploadHandler(
  authorize: (user: SessionUser, params: Record<string, string | string[] | undefined>) => Promise<unknown>,
  apply: (user: SessionUser, url: string, params: Record<string, string | string[] | undefined>) => Promise<{ body: unknown; previous: string }>,
) {
  return async (req: Request, context?: { params?: Promise<Record<string, string | string[] | undefined>> }): Promise<Response> => {
    try {
      if (isCrossSite(req)) throw new AppError(403, "Cross-site requests are not allowed");
      const user = await userFromRequest(req);
      if (!user) throw unauthorized();
      const params = (await context?.params) ?? {};
      await authorize(user, params);

      const type = (req.headers.get("content-type") ?? "").toLowerCase();
      if (!type.startsWith("multipart/form-data")) throw new AppError(415, "Send the image as multipart/form-data in the field \"image\"");
      const raw = await readCapped(req, MAX_IMAGE_BYTES + MULTIPART_OVERHEAD, TOO_LARGE);

      let file: FormDataEntryValue | null;
      try {
        file = (await new Response(new Uint8Array(raw), { headers: { "content-type": req.headers.get("content-type")! } }).formData()).get("image");
      } catch {
        throw new AppError(400, "The upload could not be read. Choose the image again.");
      }
      if (!file || typeof file === "string") throw new AppError(400, "Choose an image to upload", { image: "Choose an image to upload" });
      if (file.size > MAX_IMAGE_BYTES) throw new AppError(413, TOO_LARGE, { image: TOO_LARGE });
      if (file.size === 0) throw new AppError(400, "The file is empty", { image: "The file is empty" });

      const checked = checkImage(Buffer.from(await file.arrayBuffer()));
      if (!checked.ok) throw new AppError(415, checked.reason, { image: checked.reason });

      const url = await storeImage(checked.image);
      let result;
      try {
        result = await apply(user, url, params);
      } catch (e) {
        await removeUpload(url);
        throw e;
      }
      if (result.previous && result.previous !== url) await removeUpload(result.previous);
      return json(result.body, 200);
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error.status, error.message, error.fieldErrors, error.headers);
      console.error("[my-farm] image upload failed:", error);
      return errorResponse(500, "Something went wrong on our side. Please try again.");
    }
  };
}

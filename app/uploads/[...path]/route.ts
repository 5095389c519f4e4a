import { readUpload } from "@/lib/server/farm/uploads";
import { UPLOAD_CSP } from "@/lib/security-headers";

/**
 * Serves images uploaded through My Farm from the database. The content type is the one stored
 * with the re-encoded bytes, nosniff stops a browser from guessing otherwise, and the sandbox CSP
 * keeps anything opened directly from running as a document. Names are random and never reused,
 * so the files can be cached forever; the ETag answers revalidations with 304.
 */
export async function GET(req: Request, context: { params: Promise<{ path: string[] }> }) {
  const { path } = await context.params;
  const file = await readUpload(path);
  const common = {
    "x-content-type-options": "nosniff",
    "content-security-policy": UPLOAD_CSP,
    "cross-origin-resource-policy": "same-origin",
  };
  if (!file)
    return new Response("Not found", {
      status: 404,
      headers: {
        ...common,
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
      },
    });
  const cache = { etag: file.etag, "cache-control": "public, max-age=31536000, immutable" };
  const ifNoneMatch = req.headers.get("if-none-match");
  if (
    ifNoneMatch &&
    ifNoneMatch.split(",").some((t) => t.trim() === file.etag || t.trim() === "*")
  ) {
    return new Response(null, { status: 304, headers: { ...common, ...cache } });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      ...common,
      ...cache,
      "content-type": file.contentType,
      "content-length": String(file.bytes.length),
    },
  });
}

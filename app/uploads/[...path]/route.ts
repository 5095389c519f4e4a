import { readUpload } from "@/lib/server/farm/uploads";
import { UPLOAD_CSP } from "@/lib/security-headers";

/**
 * Serves images uploaded through My Farm. The content type is fixed by our own extension (the
 * bytes were checked on upload), nosniff stops a browser from guessing otherwise, and the sandbox
 * CSP keeps anything opened directly from running as a document. Names are random, so the files
 * can be cached forever.
 */
export async function GET(_req: Request, context: { params: Promise<{ path: string[] }> }) {
  const { path } = await context.params;
  const file = await readUpload(path);
  if (!file) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.length),
      "x-content-type-options": "nosniff",
      "content-security-policy": UPLOAD_CSP,
      "cache-control": "public, max-age=31536000, immutable",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}

import "server-only";
import { AppError } from "@/lib/server/errors";

/** Reads a request body, refusing (413) as soon as it grows past `cap` bytes. */
export async function readCapped(req: Request, cap: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > cap) throw new AppError(413, tooLarge);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      throw new AppError(413, tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

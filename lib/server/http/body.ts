import "server-only";
import type { BodySpec } from "@/lib/contracts/endpoint";
import { AppError } from "@/lib/server/platform/errors";

/**
 * Reading request bodies: the one capped reader (413 as soon as the stream passes the cap, before
 * anything is buffered past it) and the three body kinds a contract can declare. What comes out is
 * a plain object for the contract's zod schema; nothing here trusts Content-Length alone.
 */
export async function readCapped(req: Request, cap: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > cap) throw new AppError("payload_too_large", tooLarge);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      // Only to stop reading: the 413 below is the answer whether the cancel succeeds or not.
      await reader.cancel().catch(() => undefined);
      throw new AppError("payload_too_large", tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const MIME: Record<BodySpec["kind"], string> = {
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  multipart: "multipart/form-data",
};

function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

function kib(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

/** First value per name, as the schemas expect one value per field. */
function firstValues(
  entries: Iterable<[string, FormDataEntryValue]>,
): Record<string, FormDataEntryValue> {
  const out: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of entries) if (!Object.hasOwn(out, name)) out[name] = value;
  return out;
}

/** The body as a plain value for `spec.schema` (an empty body reads as `{}`, so "missing field" errors name the field). */
export async function readBody(req: Request, spec: BodySpec): Promise<unknown> {
  const type = mediaType(req);
  const expected = MIME[spec.kind];
  const wrongType = new AppError("unsupported_media_type", `Send the request body as ${expected}`);
  const tooLarge = spec.tooLarge ?? `Request body is too large (${kib(spec.maxBytes)} at most)`;
  if (!req.body) {
    if (type && type !== expected) throw wrongType;
    return {};
  }
  if (type !== expected) throw wrongType;
  const raw = await readCapped(req, spec.maxBytes, tooLarge);

  if (spec.kind === "json") {
    const text = raw.toString("utf8");
    if (text.trim() === "") return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError("invalid_json", "The request body is not valid JSON");
    }
  }
  if (spec.kind === "form") return firstValues(new URLSearchParams(raw.toString("utf8")));
  try {
    const form = await new Response(new Uint8Array(raw), {
      headers: { "content-type": req.headers.get("content-type")! },
    }).formData();
    return firstValues(form);
  } catch {
    throw new AppError("validation", "The upload could not be read. Please choose the file again.");
  }
}

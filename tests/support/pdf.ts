import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import { ORIGIN } from "./http";

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** The text a PDF reader shows, page by page, joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

/** GETs a PDF route for a signed-in user and keeps the body as bytes (`call` would read it as text). */
export async function getPdf(handler: Handler, path: string, cookie: string, id: number) {
  const res = await handler(
    new Request(ORIGIN + path, { headers: { host: "localhost:3000", cookie } }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

/** Expects every one of `parts` in `text`, naming the one that is missing. */
export function expectTextToShow(text: string, parts: string[]) {
  for (const s of parts) expect(text, s).toContain(s);
}

import "server-only";

/** A report or export as a CSV download: never cached, the farm's own figures. */
export function csvResponse({ filename, csv }: { filename: string; csv: string }) {
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

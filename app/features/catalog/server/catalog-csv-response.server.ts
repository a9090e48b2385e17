/** A product CSV download: UTF-8 (with the byte-order mark the export writes), never cached, never sniffed as something else. */
export function catalogCsvResponse(body: ReadableStream<Uint8Array>, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** One server-sent event as the tests read it: its name, its data, and its comment lines. */
export type RawSseFrame = { event: string; data: string; comments: string[] };

/** A parser for a text/event-stream body: feed it each chunk; it returns the frames completed. */
export function sseParser() {
  const decoder = new TextDecoder();
  let buf = "";
  return (chunk: Uint8Array): RawSseFrame[] => {
    buf += decoder.decode(chunk, { stream: true });
    const frames: RawSseFrame[] = [];
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const raw = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const frame: RawSseFrame = { event: "message", data: "", comments: [] };
      for (const line of raw.split("\n")) {
        if (line.startsWith(":")) frame.comments.push(line);
        else if (line.startsWith("event: ")) frame.event = line.slice(7);
        else if (line.startsWith("data: ")) frame.data += line.slice(6);
      }
      frames.push(frame);
    }
    return frames;
  };
}

import crypto from "node:crypto";

/** Random upper-case hex for the references a checkout or a top-up would write (`CO-…`, `TOP-…`). */
export const hex = (bytes: number) => crypto.randomBytes(bytes).toString("hex").toUpperCase();

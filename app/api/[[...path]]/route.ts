import { unknownApiPath } from "@/lib/server/http/route";

/** Any /api address no route file serves: a JSON 404 for every method (never Next's HTML page). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownApiPath();

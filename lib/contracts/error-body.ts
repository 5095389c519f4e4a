import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./errors";

/** The JSON body of every error answer (docs/http-contract.md), as the API document shows it. */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  errors: z.record(z.string(), z.string()).optional().describe("field → message"),
});
export type ErrorBody = z.infer<typeof errorBody>;

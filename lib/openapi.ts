/**
 * The OpenAPI 3.1 description of /api, generated from the route contracts (lib/contracts/): the
 * same objects `route()` enforces, so a documented endpoint, parameter, body, answer or error code
 * is one the server really has. Nothing here is written by hand per endpoint; see
 * docs/http-contract.md and docs/architecture.md, "HTTP adapter".
 */
import { z } from "zod";
import { SESSION_COOKIE } from "@/lib/auth/cookie-names";
import { category, farm, product } from "@/lib/contracts/catalog";
import type { BodyKind, Endpoint, Method } from "@/lib/contracts/endpoint";
import { errorBody } from "@/lib/contracts/error-body";
import { ERROR_STATUS, type ErrorCode } from "@/lib/contracts/errors";
import { incomingOrder, myFarm, myProduct, weeklySales } from "@/lib/contracts/farm";
import { endpoints } from "@/lib/contracts/index";
import { API_TAGS } from "@/lib/contracts/tags";
import { chatListItem, chatMessage, supplierListItem } from "@/lib/contracts/messages";
import { checkoutResult, order, orderDetail } from "@/lib/contracts/orders";
import { publicUser } from "@/lib/contracts/session";
import { topUpResult, transaction, wallet } from "@/lib/contracts/wallet";

/** Shapes shown once under components/schemas and referenced by name. */
const named = new Map<z.ZodType, string>([
  [errorBody, "Error"],
  [publicUser, "User"],
  [category, "Category"],
  [product, "Product"],
  [farm, "Farm"],
  [chatMessage, "Message"],
  [chatListItem, "Chat"],
  [supplierListItem, "Supplier"],
  [order, "Order"],
  [orderDetail, "OrderDetail"],
  [checkoutResult, "CheckoutResult"],
  [wallet, "Wallet"],
  [transaction, "Transaction"],
  [topUpResult, "TopUpResult"],
  [myFarm, "MyFarm"],
  [myProduct, "MyProduct"],
  [incomingOrder, "IncomingOrder"],
  [weeklySales, "WeeklySales"],
]);

const MEDIA: Record<BodyKind, string> = {
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  multipart: "multipart/form-data",
};

/** One row per endpoint, in the registry's order: what the /api-docs page lists. */
export type RouteDoc = {
  method: Lowercase<Method>;
  path: string;
  tag: string;
  auth: Endpoint["auth"];
  operationId: string;
};

const operationId = (e: Endpoint) =>
  `${e.method.toLowerCase()}${e.path
    .replace(/^\/api/, "")
    .replace(/[{}]/g, "")
    .replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`;

export const routes: RouteDoc[] = endpoints.map((e) => ({
  method: e.method.toLowerCase() as Lowercase<Method>,
  path: e.path,
  tag: e.tag,
  auth: e.auth,
  operationId: operationId(e),
}));

const jsonSchema = (schema: z.ZodType, io: "input" | "output") => {
  const doc = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Record<string, unknown>;
  delete doc.$schema; // the document's jsonSchemaDialect covers it
  return doc;
};

/** A named shape by reference, a list or a choice of them by reference, anything else inline. */
function schemaOf(schema: z.ZodType): Record<string, unknown> {
  const name = named.get(schema);
  if (name) return { $ref: `#/components/schemas/${name}` };
  if (schema instanceof z.ZodArray) {
    const item = named.get(schema.element as z.ZodType);
    if (item) return { type: "array", items: { $ref: `#/components/schemas/${item}` } };
  }
  if (schema instanceof z.ZodUnion)
    return { anyOf: (schema.options as z.ZodType[]).map((option) => schemaOf(option)) };
  return jsonSchema(schema, "output");
}

/**
 * The error codes an endpoint may answer: those route() adds from the contract's shape, then the
 * domain's own. Every address may be refused as malformed (a broken %-escape, a `.` or `..`
 * segment: lib/request-guard.ts) before its handler runs, so every endpoint may answer `validation`.
 */
export function errorCodes(e: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ["validation"];
  if (e.body?.kind === "json") codes.push("invalid_json");
  if (e.auth === "required") codes.push("unauthenticated");
  if (e.auth === "staff") codes.push("not_found");
  if (e.method !== "GET") codes.push("cross_site");
  if (e.params && e.auth !== "staff") codes.push("not_found");
  if (e.moneyAction) codes.push("two_step_required");
  if (e.body) codes.push("payload_too_large", "unsupported_media_type");
  for (const code of e.errors ?? []) if (!codes.includes(code)) codes.push(code);
  return codes;
}

function responses(e: Endpoint) {
  const out: Record<string, unknown> = {};
  const status = e.status ?? 200;
  const r = e.response;
  if (typeof r === "string") {
    out[status] = {
      description: status === 303 ? "See Other (Location)" : e.summary,
      content: {
        [r]: {
          schema:
            r === "application/pdf" ? { type: "string", format: "binary" } : { type: "string" },
        },
      },
    };
  } else if (r) {
    out[status] = {
      description: e.summary,
      content: { "application/json": { schema: schemaOf(r) } },
    };
  } else {
    out[status] = { description: e.summary };
  }
  for (const [code, description] of Object.entries(e.otherAnswers ?? {}))
    out[code] = { description };

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(e))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const error =
    e.envelope === "success"
      ? {
          allOf: [
            { $ref: "#/components/schemas/Error" },
            { type: "object", properties: { success: { const: false } }, required: ["success"] },
          ],
        }
      : { $ref: "#/components/schemas/Error" };
  const errorContent = {
    [e.envelope === "html" ? "text/html" : "application/json"]: {
      schema: e.envelope === "html" ? { type: "string" } : error,
    },
  };
  const hasInput = Boolean(e.params || e.query || e.body);
  for (const [httpStatus, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[httpStatus] = {
      description: `code: ${codes.join(", ")}${httpStatus === 400 && !hasInput ? " (a malformed address)" : ""}${httpStatus === 429 ? " (Retry-After says when to try again)" : ""}`,
      content: errorContent,
    };
  }
  // Any endpoint may fail on our side or while the database is unreachable (route()'s toAppError).
  out.default = {
    description:
      "code: internal (500, with a reference to quote), unavailable (503, Retry-After says when to try again)",
    content: errorContent,
  };
  return out;
}

function parameters(e: Endpoint) {
  const params: Record<string, unknown>[] = [];
  if (e.params) {
    const s = jsonSchema(e.params, "input") as { properties?: Record<string, unknown> };
    for (const [name, schema] of Object.entries(s.properties ?? {}))
      params.push({ name, in: "path", required: true, schema });
  }
  if (e.query) {
    const s = jsonSchema(e.query, "input") as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(s.properties ?? {}))
      params.push({ name, in: "query", required: s.required?.includes(name) ?? false, schema });
  }
  if (e.idempotencyKey) {
    params.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Retrying with the same key returns the first answer and writes nothing new.",
      schema: { type: "string", maxLength: 200 },
    });
  }
  return params;
}

/** The OpenAPI 3.1 document. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const op: Record<string, unknown> = {
      operationId: operationId(e),
      tags: [e.tag],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      ...(e.moneyAction ? { "x-money-action": true } : {}),
      security: e.auth === "none" ? [] : [{ session: [] }],
      parameters: parameters(e),
      responses: responses(e),
    };
    if (e.body)
      op.requestBody = {
        required: true,
        content: { [MEDIA[e.body.kind]]: { schema: jsonSchema(e.body.schema, "input") } },
      };
    (paths[e.path] ??= {})[e.method.toLowerCase()] = op;
  }
  const schemas = Object.fromEntries(
    [...named].map(([schema, name]) => [name, jsonSchema(schema, "output")]),
  );
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Fieldfare API",
      version: "1.0.0",
      description:
        "The HTTP API behind the Fieldfare marketplace. Bodies are JSON (at most 64 KB) unless an endpoint says otherwise. Errors are {message, code, errors?}; clients decide by code. Mutating requests that carry the session cookie must come from the same origin. Money is in US dollars with at most 2 decimals.",
      // Relative, as OpenAPI 3.1 allows: resolved against the server, i.e. this site's terms page.
      license: { name: "Fieldfare Terms of Service", url: "/terms" },
    },
    servers: [{ url: "/" }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({
      name,
      description: API_TAGS[name],
    })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Session cookie set by POST /api/login or /api/register",
        },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 description of /api (docs/http-contract.md), generated from the same zod schemas the
 * handlers and forms use, so the docs cannot drift from what the server validates.
 *
 * To document a new payload: import its schema and set `body` or `query` on its row in `routes`.
 */
import { z } from "zod";
import { SESSION_COOKIE } from "@/lib/auth/cookie-names";
import { errorBody } from "@/lib/contracts/errors";
import { loginSchema, registerSchema } from "@/lib/validators/auth";
import { farmListQuery, productListQuery, searchQuery } from "@/lib/validators/catalog";
import { conversationQuerySchema, sendMessageSchema, supplierQuerySchema } from "@/lib/validators/messages";
import { checkoutSchema, ordersQuerySchema } from "@/lib/validators/orders";
import { contactSchema, demoRequestSchema, newsletterSchema, waitlistSchema } from "@/lib/validators/submissions";
import { topUpSchema, transactionsQuerySchema } from "@/lib/validators/wallet";

type Method = "get" | "post";
type Auth = "required" | "none";
type Ref = { $ref: string };
type Response = { description: string; schema?: Ref | z.ZodType };
export type RouteDoc = {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  body?: z.ZodType;
  query?: z.ZodType;
  idempotencyKey?: boolean;
  stream?: boolean;
  responses: Record<number, Response | string>;
};

// Wire shapes of the answers (lib/types.ts and the handlers' serialisers).
const ref = (name: keyof typeof components): Ref => ({ $ref: `#/components/schemas/${name}` });
const money = z.number().describe("US dollars, at most 2 decimals");
const isoDate = z.string().describe("ISO 8601 date-time");

const components = {
  Error: errorBody,
  User: z.object({
    id: z.number().int(),
    username: z.string().nullable(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    userType: z.enum(["farmer", "restaurant", "user"]),
    address: z.string().nullable(),
    profileImage: z.string(),
    verified: z.boolean(),
    createdAt: isoDate,
  }),
  Category: z.object({ id: z.number().int(), name: z.string(), icon: z.string() }),
  Product: z.object({
    id: z.number().int(),
    farmId: z.number().int(),
    categoryId: z.number().int().nullable(),
    name: z.string(),
    description: z.string(),
    price: money,
    unit: z.string(),
    inStock: z.boolean(),
    isFeatured: z.boolean(),
    isPopular: z.boolean(),
    image: z.string(),
    farm: z.object({ id: z.number().int(), farmName: z.string() }),
  }),
  Farm: z.object({
    id: z.number().int(),
    farmName: z.string(),
    description: z.string(),
    location: z.string(),
    distance: z.number().describe("miles"),
    rating: z.number(),
    reviewCount: z.number().int(),
    farmImage: z.string(),
    productCount: z.number().int(),
    products: z.array(z.object({ id: z.number().int(), name: z.string(), image: z.string() })).describe("up to 3 thumbnails"),
  }),
  Message: z.object({
    id: z.number().int(),
    senderId: z.number().int(),
    receiverId: z.number().int(),
    content: z.string(),
    timestamp: isoDate,
    isRead: z.boolean(),
    attachments: z.array(z.string()),
  }),
  Order: z.object({
    id: z.number().int(),
    status: z.enum(["active", "completed", "cancelled"]),
    farm: z.object({ id: z.number().int(), farmName: z.string() }),
    items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int(), price: money })),
    itemCount: z.number().int(),
    distance: z.number().describe("km"),
    totalAmount: money,
    isPaid: z.boolean(),
    createdAt: isoDate,
  }),
  Wallet: z.object({ walletId: z.string(), balance: money, currency: z.literal("USD") }),
  Transaction: z.object({
    id: z.number().int(),
    type: z.enum(["top-up", "order", "refund"]),
    amount: money.describe("signed US dollars: top-ups and refunds positive, orders negative"),
    description: z.string(),
    reference: z.string().nullable(),
    timestamp: isoDate,
  }),
  WaitlistAnswer: z.object({
    success: z.literal(true),
    message: z.string(),
    googleSheetsSuccess: z.boolean().describe("true only if the row reached the ops sheet during the request; false means saved, will sync"),
  }),
  Ok: z.object({ success: z.literal(true), message: z.string() }),
} satisfies Record<string, z.ZodType>;

const r400 = { description: "Invalid input", schema: ref("Error") };
const r401 = { description: "Not signed in", schema: ref("Error") };
const list = (name: keyof typeof components): Ref => ({ $ref: `#/components/schemas/${name}List` });

/** Every endpoint of docs/http-contract.md (plus contact and health). */
export const routes: RouteDoc[] = [
  // Session
  { method: "get", path: "/api/user", tag: "Session", summary: "The signed-in user", auth: "required", responses: { 200: { description: "The user (never the password)", schema: ref("User") }, 401: r401 } },
  { method: "post", path: "/api/login", tag: "Session", summary: "Sign in with email or username", auth: "none", body: loginSchema, responses: { 200: { description: "The user; sets the session cookie", schema: ref("User") }, 400: r400, 401: { description: "Invalid email or password", schema: ref("Error") }, 429: "Too many failures for this account from this address, or from this address overall, in 15 minutes (Retry-After; LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP)" } },
  { method: "post", path: "/api/register", tag: "Session", summary: "Create an account and sign in", description: "userType is always `user`, whatever is sent.", auth: "none", body: registerSchema, responses: { 201: { description: "The new user, signed in", schema: ref("User") }, 400: r400, 409: { description: "Email or username taken", schema: ref("Error") }, 429: "Too many sign-up attempts from this address in an hour (Retry-After; REGISTRATION_LIMIT_PER_IP_HOUR)" } },
  { method: "post", path: "/api/logout", tag: "Session", summary: "Sign out; the old cookie is dead afterwards", auth: "none", responses: { 200: "Signed out" } },
  // Catalogue
  { method: "get", path: "/api/categories", tag: "Catalogue", summary: "Product categories", auth: "none", responses: { 200: { description: "Categories", schema: list("Category") } } },
  { method: "get", path: "/api/products/featured", tag: "Catalogue", summary: "Featured products", auth: "none", query: productListQuery, responses: { 200: { description: "Products", schema: list("Product") }, 400: r400 } },
  { method: "get", path: "/api/products/popular", tag: "Catalogue", summary: "Products popular with restaurants", auth: "none", query: productListQuery, responses: { 200: { description: "Products", schema: list("Product") }, 400: r400 } },
  { method: "get", path: "/api/products/recommended", tag: "Catalogue", summary: "Products recommended for the signed-in user", auth: "required", query: productListQuery, responses: { 200: { description: "Products", schema: list("Product") }, 401: r401 } },
  { method: "get", path: "/api/products/search", tag: "Catalogue", summary: "Full-text product search with optional category filter", auth: "none", query: searchQuery, responses: { 200: { description: "Products", schema: list("Product") }, 400: r400 } },
  { method: "get", path: "/api/farms/featured", tag: "Catalogue", summary: "Featured farms with up to 3 product thumbnails", auth: "none", query: farmListQuery, responses: { 200: { description: "Farms", schema: list("Farm") }, 400: r400 } },
  { method: "get", path: "/api/farms/recommended", tag: "Catalogue", summary: "Farms recommended for the signed-in user", auth: "required", query: farmListQuery, responses: { 200: { description: "Farms", schema: list("Farm") }, 401: r401 } },
  // Messages
  { method: "get", path: "/api/messages/chats", tag: "Messages", summary: "Conversations, newest first", auth: "required", responses: { 200: "List of {user, lastMessage, unreadCount}", 401: r401 } },
  { method: "get", path: "/api/messages/{userId}", tag: "Messages", summary: "The conversation with one user, oldest first; marks received messages read", auth: "required", query: conversationQuerySchema, responses: { 200: { description: "Messages", schema: list("Message") }, 401: r401, 404: "Unknown user" } },
  { method: "post", path: "/api/messages", tag: "Messages", summary: "Send a message", description: "A repeated clientId never stores a duplicate.", auth: "required", body: sendMessageSchema, responses: { 201: { description: "The message", schema: ref("Message") }, 400: r400, 401: r401, 404: "Unknown receiver" } },
  { method: "get", path: "/api/messages/stream", tag: "Messages", summary: "Server-Sent Events: each new message for this user, live", auth: "required", stream: true, responses: { 200: "text/event-stream", 401: r401 } },
  { method: "get", path: "/api/suppliers", tag: "Messages", summary: "Farms and suppliers to chat with", auth: "required", query: supplierQuerySchema, responses: { 200: "List of {user, status}", 401: r401 } },
  // Orders
  { method: "get", path: "/api/orders", tag: "Orders", summary: "Your orders, optionally by status", auth: "required", query: ordersQuerySchema, responses: { 200: { description: "Orders", schema: list("Order") }, 400: r400, 401: r401 } },
  { method: "post", path: "/api/orders", tag: "Orders", summary: "Check out: one order per farm, paid from the wallet", description: "Prices, totals and distances come from the server. Concurrent checkouts never drive the balance below 0.", auth: "required", body: checkoutSchema, idempotencyKey: true, responses: { 201: "{orders: Order[], wallet: Wallet}", 400: r400, 401: r401, 409: { description: "Insufficient funds or out of stock", schema: ref("Error") } } },
  { method: "post", path: "/api/orders/{id}/cancel", tag: "Orders", summary: "Cancel an active order and refund it to the wallet", auth: "required", responses: { 200: { description: "The cancelled order", schema: ref("Order") }, 401: r401, 404: "Not found (also someone else's order)", 409: "Order is not active" } },
  // Wallet
  { method: "get", path: "/api/wallet", tag: "Wallet", summary: "Your wallet (created on first use)", auth: "required", responses: { 200: { description: "Wallet", schema: ref("Wallet") }, 401: r401 } },
  { method: "get", path: "/api/transactions", tag: "Wallet", summary: "Wallet ledger, newest first", auth: "required", query: transactionsQuerySchema, responses: { 200: { description: "Transactions", schema: list("Transaction") }, 401: r401 } },
  { method: "post", path: "/api/transactions/topup", tag: "Wallet", summary: "Top up the wallet (at most 10,000.00 per top-up)", auth: "required", body: topUpSchema, idempotencyKey: true, responses: { 200: "{wallet: Wallet, transaction: Transaction}", 400: { description: "Please enter a valid amount", schema: ref("Error") }, 401: r401, 409: "Idempotency-Key reused with a different body" } },
  // Marketing
  { method: "post", path: "/api/waitlist", tag: "Marketing", summary: "Join the waitlist", description: "Stored with an outbox row before any Google Sheets call.", auth: "none", body: waitlistSchema, responses: { 201: { description: "Saved", schema: ref("WaitlistAnswer") }, 400: r400 } },
  { method: "post", path: "/api/demo-requests", tag: "Marketing", summary: "Request a demo", auth: "none", body: demoRequestSchema, responses: { 201: { description: "Saved", schema: ref("Ok") }, 400: r400 } },
  { method: "post", path: "/api/newsletter", tag: "Marketing", summary: "Subscribe to the newsletter", auth: "none", body: newsletterSchema, responses: { 201: "Subscribed", 200: "Already subscribed", 400: r400 } },
  { method: "post", path: "/api/contact", tag: "Marketing", summary: "Send the team a message", auth: "none", body: contactSchema, responses: { 201: "Stored", 400: r400 } },
  // Operations
  { method: "get", path: "/api/health", tag: "Operations", summary: "Liveness check", auth: "none", responses: { 200: "{ok: true}" } },
];

const jsonSchema = (schema: z.ZodType, io: "input" | "output") => {
  const doc = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete doc.$schema; // the document's jsonSchemaDialect covers it
  return doc;
};

function responseDoc(r: Response | string, stream?: boolean) {
  if (typeof r === "string") return { description: r };
  if (!r.schema) return { description: r.description };
  const schema = "$ref" in r.schema ? r.schema : jsonSchema(r.schema as z.ZodType, "output");
  return { description: r.description, content: { [stream ? "text/event-stream" : "application/json"]: { schema } } };
}

function parameters(route: RouteDoc) {
  const params: Record<string, unknown>[] = [];
  for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
    params.push({ name: name.slice(1, -1), in: "path", required: true, schema: { type: "integer", minimum: 1 } });
  }
  if (route.query) {
    const s = jsonSchema(route.query, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(s.properties ?? {})) {
      params.push({ name, in: "query", required: s.required?.includes(name) ?? false, schema });
    }
  }
  if (route.idempotencyKey) {
    params.push({ name: "Idempotency-Key", in: "header", required: false, description: "Retrying with the same key returns the first answer and writes nothing new.", schema: { type: "string", maxLength: 200 } });
  }
  return params;
}

/** The OpenAPI 3.1 document. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const op: Record<string, unknown> = {
      operationId: `${route.method}${route.path.replace(/^\/api/, "").replace(/[{}]/g, "").replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security: route.auth === "required" ? [{ session: [] }] : [],
      parameters: parameters(route),
      responses: Object.fromEntries(Object.entries(route.responses).map(([code, r]) => [code, responseDoc(r, route.stream)])),
    };
    if (route.body) op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(route.body, "input") } } };
    (paths[route.path] ??= {})[route.method] = op;
  }
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(components)) {
    schemas[name] = jsonSchema(schema, "output");
    schemas[`${name}List`] = { type: "array", items: { $ref: `#/components/schemas/${name}` } };
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Fieldfare API",
      version: "1.0.0",
      description:
        "The HTTP API behind the Fieldfare marketplace. Bodies are JSON (at most 64 KB). Errors are {message, code, errors?}; clients decide by code. Mutating requests that carry the session cookie must come from the same origin. Money is in US dollars with at most 2 decimals.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "Session cookie set by POST /api/login or /api/register" } },
    },
  };
}

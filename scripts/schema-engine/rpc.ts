import type {
  ApplyMigrationsInput,
  ApplyMigrationsOutput,
  CreateMigrationInput,
  CreateMigrationOutput,
  DevDiagnosticInput,
  DevDiagnosticOutput,
  DiagnoseMigrationHistoryInput,
  DiagnoseMigrationHistoryOutput,
  DiffParams,
  EvaluateDataLossInput,
  EvaluateDataLossOutput,
  MarkMigrationAppliedInput,
  MarkMigrationAppliedOutput,
  MarkMigrationRolledBackInput,
  MarkMigrationRolledBackOutput,
  ResetInput,
  SchemaPushInput,
  SchemaPushOutput,
  DbExecuteParams,
  EnsureConnectionValidityParams,
  EnsureConnectionValidityResult,
  IntrospectParams,
  IntrospectResult,
} from "@prisma/schema-engine-wasm";

/**
 * The stdio protocol of Prisma's native `schema-engine` binary: JSON-RPC 2.0, one JSON object per
 * line. The CLI sends requests on stdin; the engine answers on stdout and may itself send a `print`
 * request (its output for `migrate diff`), whose reply from the CLI we ignore.
 */
export type JsonRpcId = number | string;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id?: JsonRpcId;
  method: string;
  params?: unknown;
}

export interface JsonRpcSuccess {
  jsonrpc: "2.0";
  id: JsonRpcId;
  result: unknown;
}

/** Error shape the CLI understands (`data.error_code` drives its P3xxx handling, `is_panic` its bug report). */
export interface EngineErrorData {
  is_panic: boolean;
  message: string;
  error_code?: string;
  meta?: unknown;
}

export interface JsonRpcFailure {
  jsonrpc: "2.0";
  id: JsonRpcId;
  error: { code: number; message: string; data: EngineErrorData };
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;

/** `print` request the native engine sends to have the CLI write `migrate diff` output. */
export interface PrintRequest {
  jsonrpc: "2.0";
  id: number;
  method: "print";
  params: { content: string };
}

/** Native diff answers with only the exit code; the script itself goes out through `print`. */
export interface DiffRpcOutput {
  exitCode: number;
}

/** Methods the CLI calls (Prisma 7.10) and their parameter/result types. */
export interface RpcMethods {
  applyMigrations: (p: ApplyMigrationsInput) => Promise<ApplyMigrationsOutput>;
  createMigration: (p: CreateMigrationInput) => Promise<CreateMigrationOutput>;
  dbExecute: (p: DbExecuteParams) => Promise<Record<string, never>>;
  devDiagnostic: (p: DevDiagnosticInput) => Promise<DevDiagnosticOutput>;
  diagnoseMigrationHistory: (
    p: DiagnoseMigrationHistoryInput,
  ) => Promise<DiagnoseMigrationHistoryOutput>;
  diff: (p: DiffParams) => Promise<DiffRpcOutput>;
  ensureConnectionValidity: (
    p: EnsureConnectionValidityParams,
  ) => Promise<EnsureConnectionValidityResult>;
  evaluateDataLoss: (p: EvaluateDataLossInput) => Promise<EvaluateDataLossOutput>;
  getDatabaseVersion: (p: unknown) => Promise<string>;
  introspect: (p: IntrospectParams) => Promise<IntrospectResult>;
  markMigrationApplied: (p: MarkMigrationAppliedInput) => Promise<MarkMigrationAppliedOutput>;
  markMigrationRolledBack: (
    p: MarkMigrationRolledBackInput,
  ) => Promise<MarkMigrationRolledBackOutput>;
  reset: (p: ResetInput) => Promise<Record<string, never>>;
  schemaPush: (p: SchemaPushInput) => Promise<SchemaPushOutput>;
  version: (p: unknown) => Promise<string>;
}

export type RpcMethodName = keyof RpcMethods;

/** Error code the native engine uses for every user-facing failure. */
export const ENGINE_ERROR_CODE = 4466;
export const METHOD_NOT_FOUND = -32601;
export const PARSE_ERROR = -32700;

/** JSON-RPC requests have a string method and (for requests, not notifications) an id. */
export function isRequest(value: unknown): value is JsonRpcRequest & { id: JsonRpcId } {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.method === "string" && (typeof v.id === "number" || typeof v.id === "string");
}

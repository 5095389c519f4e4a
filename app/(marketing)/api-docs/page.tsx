import type { ReactNode } from "react";
import { PageHero, Section } from "@/components/marketing/page-shell";
import { pageMetadata } from "@/components/marketing/pages";
import { openApiDocument, routes } from "@/lib/openapi";
import { cn } from "@/lib/cn";
import { TableHead } from "@/components/ui/table";

export const metadata = pageMetadata("/api-docs");

type Op = {
  operationId: string;
  summary: string;
  description?: string;
  security: unknown[];
  parameters: {
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: unknown;
  }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const methodStyle: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-brand-100 text-brand-900",
  patch: "bg-amber-100 text-amber-900",
  put: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

function Json({ value }: { value: unknown }) {
  return (
    <pre
      className="mt-2 max-h-96 overflow-auto rounded-lg bg-gray-950 p-4 text-xs leading-5 text-gray-100"
      tabIndex={0}
    >
      <code>{JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}

/** A part of the reference (a tag's calls, the schemas), named by its h2 `titleId`. */
function DocSection({
  id,
  titleId,
  title,
  className,
  children,
}: {
  id?: string;
  titleId: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

// A parameter table's header; the last column takes no padding on its right.
const PARAMETER_COLUMNS = [
  "Parameter",
  "In",
  "Required",
  { label: "Schema", className: "py-1 font-medium" },
];

/** The ops console's calls (tag "ops") get their own group, last, that says who may call them. */
const OPS_TAG = "ops";
const tagTitle = (tag: string) => (tag === OPS_TAG ? "Ops (staff only)" : tag);

export default function ApiDocsPage() {
  const doc = openApiDocument();
  const names = doc.tags.map((t) => t.name);
  const tags = [...names.filter((t) => t !== OPS_TAG), ...names.filter((t) => t === OPS_TAG)];
  // "My Farm" → "tag-my-farm": an id holds no spaces.
  const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <>
      <PageHero eyebrow="Developers" title="Fieldfare API" lead={doc.info.description}>
        <a
          href="/api-docs/openapi.json"
          className="inline-flex h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          Download openapi.json
        </a>
      </PageHero>
      <Section>
        <nav aria-label="API sections" className="flex flex-wrap gap-2">
          {tags.map((t) => (
            <a
              key={t}
              href={`#${anchor(t)}`}
              className="rounded-full border border-brand-200 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
            >
              {tagTitle(t)}
            </a>
          ))}
        </nav>
        <p className="mt-6 max-w-3xl text-muted">
          OpenAPI {doc.openapi}. Endpoints marked <strong className="text-ink">session</strong> need
          the session cookie from <code>POST /api/login</code>. Schemas below are JSON Schema
          2020-12 generated from the server&apos;s zod validators.
        </p>
        {tags.map((tag) => (
          <DocSection
            key={tag}
            id={anchor(tag)}
            titleId={`${anchor(tag)}-title`}
            title={tagTitle(tag)}
            className="mt-12 scroll-mt-20"
          >
            {tag !== OPS_TAG ? (
              <p className="mt-2 max-w-3xl text-muted">
                {doc.tags.find((t) => t.name === tag)?.description}
              </p>
            ) : (
              <p className="mt-2 max-w-3xl rounded-xl border border-harvest-400 bg-harvest-400/15 p-4 text-ink">
                These calls run the ops console and are for Fieldfare staff only. To anyone else,
                signed out or signed in without the staff role, every one of them answers{" "}
                <strong>404</strong>, exactly as an address that does not exist. Money actions also
                need the password again (<code>POST /api/ops/step-up</code>) within 10 minutes.
              </p>
            )}
            <div className="mt-4 grid grid-cols-1 gap-4">
              {routes
                .filter((r) => r.tag === tag)
                .map((r) => {
                  const op = (doc.paths[r.path] as Record<string, Op>)[r.method];
                  return (
                    <article
                      key={op.operationId}
                      id={op.operationId}
                      className="rounded-2xl border border-gray-200 bg-white p-5"
                    >
                      <h3 className="flex flex-wrap items-center gap-3 font-mono text-base font-semibold [overflow-wrap:anywhere] text-ink">
                        <span
                          className={cn(
                            "rounded-md px-2 py-0.5 text-xs font-bold uppercase",
                            methodStyle[r.method],
                          )}
                        >
                          {r.method}
                        </span>
                        {r.path}
                        {r.auth !== "none" ? (
                          <span className="rounded-md bg-harvest-400/30 px-2 py-0.5 font-sans text-xs font-semibold text-ink">
                            {r.auth === "staff" ? "staff" : "session"}
                          </span>
                        ) : null}
                      </h3>
                      <p className="mt-2 text-ink">{op.summary}</p>
                      {op.description ? (
                        <p className="mt-1 text-sm text-muted">{op.description}</p>
                      ) : null}
                      {op.parameters.length ? (
                        // Scrolls sideways on phones, so it takes focus to be scrollable by keyboard.
                        <div
                          className="mt-4 overflow-x-auto"
                          tabIndex={0}
                          role="region"
                          aria-label={`Parameters of ${r.method.toUpperCase()} ${r.path}`}
                        >
                          <table className="w-full text-left text-sm">
                            <caption className="sr-only">
                              Parameters of {r.method.toUpperCase()} {r.path}
                            </caption>
                            <TableHead
                              columns={PARAMETER_COLUMNS}
                              rowClassName="border-b border-gray-200 text-muted"
                              cellClassName="py-1 pr-4 font-medium"
                            />
                            <tbody>
                              {op.parameters.map((p) => (
                                <tr
                                  key={`${p.in}-${p.name}`}
                                  className="border-b border-gray-100 align-top"
                                >
                                  <td className="py-1 pr-4 font-mono">{p.name}</td>
                                  <td className="py-1 pr-4">{p.in}</td>
                                  <td className="py-1 pr-4">{p.required ? "yes" : "no"}</td>
                                  <td className="py-1 font-mono text-xs">
                                    {JSON.stringify(p.schema)}
                                  </td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        </div>
                      ) : null}
                      {op.requestBody ? (
                        <details className="mt-4">
                          <summary className="cursor-pointer text-sm font-semibold text-brand-800">
                            Request body ({Object.keys(op.requestBody.content)[0]})
                          </summary>
                          <Json value={Object.values(op.requestBody.content)[0]?.schema} />
                        </details>
                      ) : null}
                      <dl className="mt-4 grid gap-1 text-sm">
                        {Object.entries(op.responses).map(([code, res]) => (
                          <div key={code} className="flex gap-3">
                            <dt className="w-16 shrink-0 font-mono font-semibold text-ink">
                              {code}
                            </dt>
                            <dd className="min-w-0 [overflow-wrap:anywhere] text-muted">
                              {res.description}
                              {res.content ? (
                                <span className="ml-1 font-mono text-xs break-all">
                                  {JSON.stringify(Object.values(res.content)[0]?.schema).replace(
                                    "#/components/schemas/",
                                    "",
                                  )}
                                </span>
                              ) : null}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </article>
                  );
                })}
            </div>
          </DocSection>
        ))}
        <DocSection titleId="schemas-title" title="Schemas" className="mt-12">
          <div className="mt-4 grid gap-3">
            {Object.entries(doc.components.schemas)
              .filter(([name]) => !name.endsWith("List"))
              .map(([name, schema]) => (
                <details
                  key={name}
                  id={`schema-${name}`}
                  className="rounded-xl border border-gray-200 bg-white p-4"
                >
                  <summary className="cursor-pointer font-mono font-semibold text-ink">
                    {name}
                  </summary>
                  <Json value={schema} />
                </details>
              ))}
          </div>
        </DocSection>
      </Section>
    </>
  );
}

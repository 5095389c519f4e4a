/**
 * A client component ("use client" at the top of the file) may import types from lib/server, but no
 * values: a value import would pull server code (Prisma, secrets, `server-only`) into the browser
 * bundle, or fail the build far from the line that caused it. See docs/architecture.md, "Layering".
 */
const SERVER = /^(@\/lib\/server(\/|$)|(\.\.?\/)+(.*\/)?lib\/server(\/|$)|server-only$)/;

function isClientModule(program) {
  for (const node of program.body) {
    if (node.type !== "ExpressionStatement" || typeof node.directive !== "string") return false;
    if (node.directive === "use client") return true;
  }
  return false;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "forbid value imports from lib/server in client components" },
    messages: {
      serverImport:
        "A client component may not import values from '{{source}}' (server code). Import types with `import type`, or pass the data as props.",
    },
    schema: [],
  },
  create(context) {
    let client = false;
    const check = (node) => {
      if (!client || !node.source || !SERVER.test(node.source.value)) return;
      if (node.importKind === "type" || node.exportKind === "type") return;
      if (
        node.type === "ImportDeclaration" &&
        node.specifiers.length > 0 &&
        node.specifiers.every((s) => s.importKind === "type")
      )
        return;
      context.report({ node, messageId: "serverImport", data: { source: node.source.value } });
    };
    return {
      Program(program) {
        client = isClientModule(program);
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (client && node.source.type === "Literal" && SERVER.test(String(node.source.value))) {
          context.report({
            node,
            messageId: "serverImport",
            data: { source: String(node.source.value) },
          });
        }
      },
    };
  },
};
export default rule;

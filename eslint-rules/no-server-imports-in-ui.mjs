/**
 * UI code imports nothing from lib/server, types included: components under components/ and every
 * client component ("use client") anywhere. A value import would pull server code (Prisma,
 * secrets, `server-only`) into the browser bundle; a type import is a second door to a shape
 * whose one home is lib/contracts. Pages in app/ read data and hand it to components as props.
 * See docs/architecture.md, "Layering".
 */
const SERVER = /^(@\/lib\/server(\/|$)|(\.\.?\/)+(.*\/)?lib\/server(\/|$)|server-only$)/;

function isClientModule(program) {
  for (const node of program.body) {
    if (node.type !== "ExpressionStatement" || typeof node.directive !== "string") return false;
    if (node.directive === "use client") return true;
  }
  return false;
}

const isComponentFile = (filename) => /(^|[\\/])components[\\/]/.test(filename);

const rule = {
  meta: {
    type: "problem",
    docs: { description: "forbid imports from lib/server in components and client modules" },
    messages: {
      serverImport:
        "UI code may not import from '{{source}}' (server code). Take JSON types from lib/contracts, and let the page pass data as props.",
    },
    schema: [],
  },
  create(context) {
    let ui = false;
    const check = (node) => {
      if (!ui || !node.source || !SERVER.test(String(node.source.value))) return;
      context.report({ node, messageId: "serverImport", data: { source: node.source.value } });
    };
    return {
      Program(program) {
        ui = isComponentFile(context.filename) || isClientModule(program);
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node);
      },
    };
  },
};
export default rule;

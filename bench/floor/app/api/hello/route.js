/** The smallest API route that reads anything per request: a cookie, answered as JSON (as a signed-in /api read answers). */
export function GET(request) {
  const name = request.cookies.get("name")?.value ?? "guest";
  return Response.json({ hello: name });
}

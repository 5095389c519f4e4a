// Nothing starts with this server (without this file Next would pick up the app's own hook, which
// opens the database and starts the workers).
export function register() {}

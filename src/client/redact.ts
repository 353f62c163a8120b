/** Redaction of what client errors and logs carry: secret-looking header values and URL parts. */
const SECRET_HEADER = /authorization|cookie|token|secret|api[-_]?key|password|session/i;

/** Header values safe to attach to errors and logs. */
export function redactHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    out[name] = SECRET_HEADER.test(name) ? "[redacted]" : value;
  }
  return out;
}

/** Endpoint URL without userinfo or secret-looking query parameters. */
export function redactUrl(url: URL | string): string {
  const u = new URL(String(url));
  u.username = "";
  u.password = "";
  for (const key of [...u.searchParams.keys()]) {
    if (SECRET_HEADER.test(key)) u.searchParams.set(key, "[redacted]");
  }
  return u.toString();
}

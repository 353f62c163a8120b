/**
 * Stand-in for `axios` (realworld harness only): get/post/request and
 * `axios.create({ baseURL, headers })` over the global fetch, resolving
 * `{ data, status, headers }` and rejecting non-2xx answers with an
 * AxiosError carrying `response`, as axios does.
 */
class AxiosError extends Error {
  constructor(message, response) {
    super(message);
    this.name = "AxiosError";
    this.isAxiosError = true;
    this.response = response;
  }
}

function create(defaults = {}) {
  async function request(config) {
    const merged = {
      ...defaults,
      ...config,
      headers: { ...(defaults.headers ?? {}), ...(config.headers ?? {}) },
    };
    let url = merged.url ?? "";
    if (merged.baseURL && !/^https?:/.test(url))
      url = merged.baseURL.replace(/\/$/, "") + (url ? `/${url.replace(/^\//, "")}` : "");
    if (merged.params) {
      const u = new URL(url);
      for (const [k, v] of Object.entries(merged.params)) u.searchParams.set(k, String(v));
      url = u.toString();
    }
    const headers = { accept: "application/json, text/plain, */*", ...merged.headers };
    let body;
    if (merged.data !== undefined) {
      body = typeof merged.data === "string" ? merged.data : JSON.stringify(merged.data);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
    }
    const res = await fetch(url, { method: (merged.method ?? "get").toUpperCase(), headers, body });
    const text = await res.text();
    let data = text;
    if (merged.responseType !== "text") {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    const response = {
      data,
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers),
      config: merged,
    };
    if (res.status < 200 || res.status >= 300)
      throw new AxiosError(`Request failed with status code ${res.status}`, response);
    return response;
  }
  const instance = (config) => request(config);
  instance.request = request;
  instance.get = (url, config = {}) => request({ ...config, url, method: "get" });
  instance.delete = (url, config = {}) => request({ ...config, url, method: "delete" });
  instance.post = (url, data, config = {}) => request({ ...config, url, data, method: "post" });
  instance.put = (url, data, config = {}) => request({ ...config, url, data, method: "put" });
  instance.defaults = defaults;
  instance.create = (more = {}) =>
    create({ ...defaults, ...more, headers: { ...(defaults.headers ?? {}), ...(more.headers ?? {}) } });
  instance.isAxiosError = (e) => Boolean(e?.isAxiosError);
  instance.AxiosError = AxiosError;
  return instance;
}

const axios = create();
module.exports = axios;
module.exports.default = axios;
module.exports.AxiosError = AxiosError;
module.exports.isAxiosError = axios.isAxiosError;

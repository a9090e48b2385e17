import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/** A file part of a multipart form. */
export type FilePart = { name: string; mimeType: string; buffer: Buffer };

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** An urlencoded form. */
  form?: Record<string, string>;
  /** A multipart form (its boundary chosen here). */
  multipart?: FormData | Record<string, string | FilePart>;
  /** A raw body, sent as given with the headers given. */
  data?: string | Buffer;
  /** Redirects followed (as a browser follows them); 0 returns the 3xx itself. */
  maxRedirects?: number;
};

/** The store's answer, read as a test reads it. */
export type Answer = {
  status(): number;
  text(): Promise<string>;
  /** Lower-case names; a header sent several times (Set-Cookie) joined by newlines. */
  headers(): Record<string, string>;
  /** The address answered, after any redirect followed. */
  url(): string;
};

/** One visitor of the store: its cookies kept between requests, every request carrying the store's Origin. */
export type Client = {
  get(path: string, options?: RequestOptions): Promise<Answer>;
  post(path: string, options?: RequestOptions): Promise<Answer>;
  fetch(path: string, options?: RequestOptions): Promise<Answer>;
  /** The cookies it holds (a browser given them is signed in as this client). */
  cookies(): { name: string; value: string }[];
  dispose(): Promise<void>;
};

type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A visitor of the store at `baseUrl` over HTTP (node:http, so any method, header or byte goes as
 * written, as a hostile client sends them): a cookie jar, the Origin header of the store, gzip and
 * brotli answers decoded, redirects followed up to `maxRedirects` (20 by default).
 */
export function openClient(baseUrl: string): Client {
  const origin = new URL(baseUrl).origin;
  const jar = new Map<string, string>();

  const remember = (setCookies: string[] | undefined) => {
    for (const line of setCookies ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => {
        const [key = "", value = ""] = a.split("=").map((s) => s.trim());
        if (key.toLowerCase() === "max-age") return Number(value) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
        return false;
      });
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    }
  };

  async function send(path: string, options: RequestOptions, defaultMethod: string): Promise<Answer> {
    let url = new URL(path, baseUrl);
    let method = (options.method ?? defaultMethod).toUpperCase();
    let body = await encode(options);
    let redirects = options.maxRedirects ?? 20;
    for (;;) {
      const headers: Record<string, string> = { origin, "accept-encoding": "gzip, deflate, br" };
      if (body?.type) headers["content-type"] = body.type;
      if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
      const reply = await exchange(url, method, headers, body?.bytes);
      remember(reply.headers["set-cookie"]);
      const location = reply.headers.location;
      if (reply.status >= 300 && reply.status < 400 && location && redirects > 0) {
        redirects--;
        url = new URL(location, url);
        // As browsers do: a 303, or a POST answered 301/302, is followed by a GET without the body.
        if (reply.status === 303 || ((reply.status === 301 || reply.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      return answer(reply, url);
    }
  }

  return {
    get: (path, options = {}) => send(path, options, "GET"),
    post: (path, options = {}) => send(path, options, "POST"),
    fetch: (path, options = {}) => send(path, options, "GET"),
    cookies: () => [...jar].map(([name, value]) => ({ name, value })),
    dispose: async () => jar.clear(),
  };
}

async function encode(options: RequestOptions): Promise<{ bytes: Buffer; type?: string } | undefined> {
  if (options.form) return { bytes: Buffer.from(new URLSearchParams(options.form).toString()), type: "application/x-www-form-urlencoded" };
  if (options.multipart) {
    let form = options.multipart;
    if (!(form instanceof FormData)) {
      const parts = new FormData();
      for (const [name, value] of Object.entries(form)) {
        if (typeof value === "string") parts.append(name, value);
        else parts.append(name, new File([new Uint8Array(value.buffer)], value.name, { type: value.mimeType }));
      }
      form = parts;
    }
    // The platform's own multipart encoder, as a browser's: the boundary is in the content type.
    const encoded = new Response(form);
    return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type") ?? undefined };
  }
  if (options.data !== undefined) return { bytes: Buffer.from(options.data) };
  return undefined;
}

function exchange(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const sent = body ? { ...headers, "content-length": String(body.length) } : headers;
    const request = httpRequest(url, { method, headers: sent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

function answer(reply: Reply, url: URL): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join("\n") : value;
  const decoded = () => {
    const encoding = headers["content-encoding"];
    if (reply.body.length === 0) return reply.body;
    if (encoding === "gzip") return gunzipSync(reply.body);
    if (encoding === "deflate") return inflateSync(reply.body);
    if (encoding === "br") return brotliDecompressSync(reply.body);
    return reply.body;
  };
  return {
    status: () => reply.status,
    text: async () => decoded().toString("utf8"),
    headers: () => headers,
    url: () => url.toString(),
  };
}

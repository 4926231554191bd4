// The HTTP API (docs/protocol.md): JSON in and out, the session's CSRF token on every change.

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Who is logged in ({user, csrf_token}); `onSessionChange` listeners hear every change. */
export const session = { user: null, csrf: "" };
const listeners = new Set();

export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setSession(answer) {
  session.user = answer.user ?? null;
  session.csrf = answer.csrf_token ?? "";
  for (const listener of listeners) listener(session);
  return session;
}

function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return "the server refused the request";
}

/** Call the API; resolves with the JSON answer, rejects with an ApiError in words. */
async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = session.csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "the server cannot be reached: check the connection");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data ? detailText(data.detail) : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return data;
}

export const get = (path) => request("GET", path);
export const post = (path, body = {}) => request("POST", path, body);
export const del = (path) => request("DELETE", path);

export async function loadSession() {
  return setSession(await get("/api/me"));
}

export async function register(name, password) {
  return setSession(await post("/api/register", { name, password }));
}

export async function login(name, password) {
  return setSession(await post("/api/login", { name, password }));
}

export async function playAsGuest() {
  return setSession(await post("/api/guest"));
}

export async function logout() {
  await post("/api/logout");
  return loadSession();
}

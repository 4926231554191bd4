// @ts-check
// The HTTP API (docs/protocol.md): JSON in and out, the session's CSRF token on every change.

/** @typedef {import("./types.js").User} User */

/** A refusal of the server (or no answer at all: status 0), in words. */
class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Who is logged in; `onSessionChange` listeners hear every change.
 * @typedef {{user: User | null, csrf: string, language: string | null}} Session
 *   `language`: the one the player chose for the hall, if he did
 * @type {Session}
 */
export const session = { user: null, csrf: "", language: null };
/** @type {Set<(session: Session) => void>} */
const listeners = new Set();

/** @param {(session: Session) => void} listener */
export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** @param {{user?: User | null, csrf_token?: string | null, language?: string | null}} answer */
function setSession(answer) {
  session.user = answer.user ?? null;
  session.csrf = answer.csrf_token ?? "";
  session.language = answer.language ?? null;
  for (const listener of listeners) listener(session);
  return session;
}

/**
 * The words of an error's `detail`: a text, or FastAPI's list of what did not fit.
 * @param {unknown} detail
 */
function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return "the server refused the request";
}

/**
 * Call the API; resolves with the JSON answer, rejects with an ApiError in words.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} the answer, whose shape docs/protocol.md gives for each path
 */
async function request(method, path, body) {
  /** @type {Record<string, string>} */
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

/**
 * What went wrong, in words, whatever was thrown.
 * @param {unknown} error
 */
export function errorText(error) {
  return sentence(error instanceof Error ? error.message : String(error));
}

/** A renju point's name ("a1", "o15"), written lower case even where it starts a sentence. */
const POINT = /^[a-z][0-9]{1,2}\b/;

/**
 * A message as a sentence: its first letter a capital (the server writes its messages to fit
 * in a sentence: "there is no match 7"), unless it starts with a point ("a1 was not offered").
 * @param {string} text
 */
export function sentence(text) {
  return POINT.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

export const get = (/** @type {string} */ path) => request("GET", path);
export const post = (/** @type {string} */ path, /** @type {unknown} */ body = {}) => request("POST", path, body);
export const put = (/** @type {string} */ path, /** @type {unknown} */ body = {}) => request("PUT", path, body);
export const del = (/** @type {string} */ path) => request("DELETE", path);

export async function loadSession() {
  return setSession(await get("/api/me"));
}

/**
 * @param {string} name
 * @param {string} password
 */
export async function register(name, password) {
  return setSession(await post("/api/register", { name, password }));
}

/**
 * @param {string} name
 * @param {string} password
 */
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

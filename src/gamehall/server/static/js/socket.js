// @ts-check
// The WebSocket of one match (docs/protocol.md): messages in, actions out, reconnecting by itself.

const RETRY_MS = [500, 1000, 2000, 4000, 8000];
const FINAL_CODES = [1008, 4404]; // another site's page; no such match

import { TOO_MANY_SOCKETS, tooManySockets } from "./socket-cap.js";

/** @typedef {import("./types.js").SocketMessage} SocketMessage */

export class MatchSocket {
  /**
   * @param {string} matchId
   * @param {{onMessage: (msg: SocketMessage) => void, onStatus: (status: string, reason?: string) => void}} handlers
   *   onStatus hears "connecting", "open", "closed" (it will retry) and "gone" (the server
   *   refused the match: it does not exist, the page is not the server's own, or the player
   *   has too many connections open).
   */
  constructor(matchId, { onMessage, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/matches/${encodeURIComponent(matchId)}`;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.nextRef = 1;
    this.failures = 0;
    this.closed = false;
    this.serverOffset = 0; // server time minus local time, in seconds
    this.pingSent = 0;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retry = undefined;
    this.connect();
  }

  connect() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.failures = 0;
      this.onStatus("open");
      this.ping();
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws || this.closed) return;
      if (FINAL_CODES.includes(event.code)) {
        this.onStatus("gone", event.reason);
        return;
      }
      if (event.code === TOO_MANY_SOCKETS) {
        this.onStatus("gone", tooManySockets());
        return;
      }
      this.onStatus("closed");
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      this.failures += 1;
      this.retry = setTimeout(() => this.connect(), wait);
    });
  }

  /** @param {string} text a frame of the server's */
  receive(text) {
    /** @type {SocketMessage & {time?: number}} */
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "pong" && this.pingSent) {
      const now = Date.now() / 1000;
      this.serverOffset = (message.time ?? now) - (this.pingSent + now) / 2;
      this.pingSent = 0;
      return;
    }
    this.onMessage(message);
  }

  ping() {
    this.pingSent = Date.now() / 1000;
    this.send({ type: "ping" });
  }

  /** The server's clock now (Unix seconds), from the last ping. */
  serverNow() {
    return Date.now() / 1000 + this.serverOffset;
  }

  /** @param {object} message */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /**
   * Send an action of the play layer; returns its ref, or null when not connected.
   * @param {string} kind
   * @param {object} [data]
   */
  act(kind, data = {}) {
    const ref = this.nextRef++;
    return this.send({ type: "action", kind, data, ref }) ? ref : null;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    if (this.ws) this.ws.close();
  }
}

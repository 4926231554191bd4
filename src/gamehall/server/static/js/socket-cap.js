// @ts-check
// A socket closed for being one too many of its owner's (docs/server.md, Abuse): the pages stop
// reconnecting it and say why in the reader's words.

import { say } from "./say.js";

/** The close code of a socket over its owner's cap (server/socket_places.py). */
export const TOO_MANY_SOCKETS = 4429;

/** Why the socket was closed, in the reader's words. */
export function tooManySockets() {
  return say("operations.sockets.too-many");
}

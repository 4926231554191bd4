// @ts-check
// The game page (#/game/{id}): the board, the players and their clocks, the controls, the move
// list and, after the match, the records. Everything comes from the match's WebSocket.

import { errorText, get, post, sentence } from "../api.js";
import { analysisPanel } from "../game/analysis.js";
import { RenjuBoard } from "../boards/renju.js";
import { TablesBoard } from "../boards/tables.js";
import { h, mount } from "../dom.js";
import { clockFace } from "../game/clocks.js";
import { clockText } from "../clock-words.js";
import { allowButton, titleMark } from "../competition/notices.js";
import { chatBox } from "../game/chat.js";
import { tones } from "../sound.js";
import { controls } from "../game/controls.js";
import { finalState, gameOverPanel } from "../game/gameover.js";
import { betweenStatus, pauseLeft, pauseText } from "../game/between.js";
import { hintPanel } from "../game/hints.js";
import { reviewDesk } from "../game/review_desk.js";
import { moveList } from "../game/movelist.js";
import { scoreWord } from "../game/score.js";
import { playerCard, withSeatNames } from "../game/players.js";
import { result } from "../game/result.js";
import { describeSettings, GAMES, gameTitle } from "../settings.js";
import { MatchSocket } from "../socket.js";
import { passingNotice } from "../notice-area.js";
import { hasText, say } from "../say.js";

const TOAST_MS = 5000;

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").Legal} Legal
 * @typedef {import("../types.js").MatchSettings} MatchSettings
 * @typedef {import("../types.js").MatchEvent} MatchEvent
 * @typedef {import("../types.js").Player} Seat
 * @typedef {import("../types.js").SocketMessage} SocketMessage
 * @typedef {import("../types.js").LastGame} LastGame
 */

/**
 * What the page knows of its match (window.gamehall.game, which the browser tests read).
 * @typedef {object} PageGame
 * @property {string} id
 * @property {number | null} you the reader's seat; null for a spectator
 * @property {State | null} state
 * @property {MatchEvent[]} events
 * @property {string[]} actions
 * @property {Legal | null} legal
 * @property {Seat[]} seats
 * @property {{connected: boolean[], grace: {player: number, deadline: number} | null}} presence
 * @property {MatchSettings | null} settings
 * @property {import("../api-types.js").ClockControl | null} control the clock's parts, from the server
 * @property {number} receivedAt when the last state came (performance.now())
 * @property {number} clocksWait seconds from receivedAt for which no clock runs (the server's)
 * @property {boolean} flipped
 * @property {boolean} showForbidden
 * @property {boolean} showNumbers
 * @property {boolean} oneTap a tap on a checker moves it (tables)
 * @property {boolean} autoBearOff bear off by itself when every move left bears off (tables)
 * @property {boolean} autoConfirm confirm the turn by itself once every die is played (tables)
 * @property {boolean} moveSound a short sound for every move of the opponent
 * @property {boolean} turnSound a short sound when it becomes the reader's turn
 * @property {number} autoMoves the moves the page has made by itself (bearing off)
 * @property {RenjuBoard | TablesBoard | null} board
 * @property {"" | "you" | "opponent"} rematch who has offered a rematch of this match
 * @property {{frames: import("../game/review.js").Frame[], steps: import("../api-types.js").ReviewStepsView, index: number} | null} review
 *   the finished match's steps while the reader reviews them (the header, the cards and the
 *   board then show the step's state)
 * @property {import("../types.js").LastGame | null} gameOver the finished game whose panel is
 *   up (drawn instead of the next game until the reader continues)
 */

/**
 * What is happening now, in a sentence, from the reader's side.
 * @param {State} state
 * @param {number | null} you
 * @param {Legal | null} legal
 */
function statusText(state, you, legal) {
  const names = state.players;
  const me = (/** @type {number | null | undefined} */ seat) => seat === you;
  const name = (/** @type {number | null | undefined} */ seat) => (seat === null || seat === undefined ? "" : names[seat]);
  const side = (/** @type {number | null | undefined} */ seat) => (me(seat) ? "yours" : "theirs");
  if (state.phase === "over") return say("game.status.over");
  if (state.phase === "waiting") return say("game.status.waiting");
  if (state.game === "renju") {
    if (state.draw_offer !== null && state.draw_offer !== undefined) {
      return say(`game.status.draw.${side(state.draw_offer)}`, { name: name(state.draw_offer) });
    }
    if (state.opening) {
      const opening = state.opening;
      /** @type {Record<string, string>} */
      const steps = {
        choose: say("game.opening.choose"),
        "choose-colour": say("game.opening.choose-colour"),
        swap1: say("game.opening.stay-white"),
        swap2: say("game.opening.stay-black"),
        swap3: say("game.opening.stay-white"),
        swap5: say("game.opening.stay-white"),
        choose5: say("game.opening.choose5"),
        declare: say("game.opening.declare", { count: opening.choices.length }),
        offers: say("game.opening.offers", { made: (opening.offers || []).length, count: opening.count ?? "" }),
        select: say("game.opening.select"),
      };
      const asked = steps[opening.step] || say(state.turn === "white" ? "game.opening.place.white" : "game.opening.place.black");
      const rule = hasText(`game.rule.${opening.rule}`) ? say(`game.rule.${opening.rule}`) : opening.rule;
      return say(`game.opening.${side(state.to_act)}`, { rule, step: asked, name: name(state.to_act) });
    }
    const colour = state.turn === "black" ? "black" : "white";
    return say(`game.status.move.${colour}.${side(state.to_act)}`, { name: name(state.to_act) });
  }
  switch (state.phase) {
    case "roll":
      return say(`game.status.roll.${side(state.on_roll)}`, { name: name(state.on_roll) });
    case "move":
      if (!me(state.on_roll)) return say("game.status.play.theirs", { name: name(state.on_roll), dice: (state.dice || []).join("-") });
      return legal?.moves?.length ? say("game.status.play.yours", { dice: (state.dice_left || []).join(", ") }) : say("game.status.play.confirm");
    case "double": {
      const key = me(state.doubled_by) ? "yours" : me(state.to_act) ? "to-you" : "theirs";
      return say(`game.status.double.${key}`, { name: name(state.doubled_by), other: name(state.to_act) });
    }
    case "resign": {
      const offerer = state.resign_offer?.player;
      const key = me(offerer) ? "yours" : me(state.to_act) ? "to-you" : "theirs";
      return say(`game.status.resign.${key}`, { name: name(offerer), other: name(state.to_act) });
    }
    case "between":
      return say("game.status.between");
    default:
      return "";
  }
}

/**
 * One line on the match: the game, the score and the length ("2–1 to 5", in the order of the
 * title's names), the game number, the clock.
 * @param {State} state
 * @param {MatchSettings | null} settings
 */
function matchInfo(state, settings) {
  const parts = [settings ? gameTitle(settings) : GAMES[state.game] || state.game];
  const score = scoreWord(state.score);
  parts.push(state.length === 0 ? say("game.info.money", { score }) : say("game.info.length", { score, length: state.length }));
  if (state.game_number) parts.push(say("game.info.number", { number: state.game_number }));
  if (state.crawford) parts.push(say("game.info.crawford"));
  if (settings?.clock) parts.push(clockText(settings.clock));
  if (settings?.dice === "fair") parts.push(say("game.info.fair-dice"));
  return parts.join(" · ");
}

/**
 * A swap's choice buttons, by the opening's step, in the status's words: the chooser keeps his
 * colour or takes the other (keys of the words).
 * @type {Record<string, Record<string, string>>}
 */
const SWAP_WORDS = {
  swap1: { white: "game.choice.stay-white", black: "game.choice.take-black" },
  swap2: { black: "game.choice.stay-black", white: "game.choice.take-white" },
  swap3: { white: "game.choice.stay-white", black: "game.choice.take-black" },
  swap5: { white: "game.choice.stay-white", black: "game.choice.take-black" },
  choose5: { black: "game.choice.stay-black", white: "game.choice.take-white" },
};

/**
 * @param {HTMLElement} root
 * @param {{id: string}} params
 */
export function gamePage(root, { id }) {
  /** @type {PageGame} */
  const game = {
    id,
    you: null,
    state: null,
    events: [],
    actions: [],
    legal: null,
    seats: [],
    presence: { connected: [true, true], grace: null },
    settings: null,
    control: null,
    receivedAt: 0,
    clocksWait: 0,
    flipped: false,
    showForbidden: localStorage.getItem("gamehall.forbidden") !== "off",
    showNumbers: localStorage.getItem("gamehall.numbers") === "on",
    oneTap: (localStorage.getItem("gamehall.onetap") ?? (matchMedia("(pointer: coarse)").matches ? "on" : "off")) === "on",
    autoBearOff: localStorage.getItem("gamehall.autobearoff") !== "off",
    autoConfirm: localStorage.getItem("gamehall.autoconfirm") === "on",
    moveSound: localStorage.getItem("gamehall.movesound") === "on",
    turnSound: localStorage.getItem("gamehall.turnsound") !== "off",
    autoMoves: 0,
    board: null,
    gameOver: null,
    rematch: "",
    review: null,
  };
  Object.assign(window, { gamehall: { game } });

  const el = {
    title: h("h1", { class: "game-title" }, say("game.loading")),
    info: h("p", { class: "match-info" }),
    rules: h("a", { class: "rules-link", href: "#/rules" }, say("rules.link")),
    status: h("p", { class: "status", role: "status", "aria-live": "polite" }),
    pause: h("p", { class: "clock-pause", hidden: true }),
    connection: h("p", { class: "connection", hidden: true }),
    top: h("div", { class: "player top" }),
    bottom: h("div", { class: "player bottom" }),
    boardHolder: h("div", { class: "board-holder" }),
    review: h("div", { class: "review-holder" }),
    controls: h("div", { class: "controls" }),
    claims: h("div", { class: "claims buttons" }),
    toggles: h("div", { class: "toggles" }),
    moves: h("div", { class: "moves", tabindex: 0, "aria-label": say("game.moves") }),
    result: h("section", { class: "result", hidden: true }),
  };
  const chat = chatBox(id);
  const analysis = analysisPanel({
    matchId: id,
    toast,
    show: ({ frames, steps }, index, mark) => {
      game.review = { frames, steps, index };
      render();
      game.board?.showHint(mark);
    },
  });
  mount(
    root,
    h(
      "div",
      { class: "game-page" },
      h("div", { class: "game-head" }, el.title, el.info, el.rules),
      h("div", { class: "board-area" }, el.boardHolder),
      h("div", { class: "side-top" }, el.top),
      h("div", { class: "side-bottom" }, el.bottom),
      h("div", { class: "side-controls" }, el.review, el.status, el.pause, el.connection, el.controls, el.claims, el.toggles),
      h("div", { class: "side-moves" }, el.moves, el.result, chat.element),
      analysis.element,
    ),
  );

  const errors = passingNotice(TOAST_MS); // in the notice area, under the header
  /** @param {string} message */
  function toast(message) {
    errors.show(message);
  }

  const hints = hintPanel({ matchId: id, toast, show: (mark) => game.board?.showHint(mark) });
  el.controls.after(hints.element);
  const review = reviewDesk({
    game,
    render: () => render(),
    toast,
    judgements: (frame) => analysis.judgementsAt(frame),
    mark: (mark, seat) => {
      // an engine's choice is in the mover's numbering: the board turns to his side
      if (mark && game.board instanceof TablesBoard && viewSeat() !== seat) {
        game.flipped = !game.flipped;
        render();
      }
      game.board?.showHint(mark);
    },
  });
  el.review.after(review.panel);

  /**
   * @param {string} kind
   * @param {object} [data]
   */
  function act(kind, data = {}) {
    if (socket.act(kind, data) === null) toast(say("game.not-connected"));
  }

  const viewSeat = () => {
    const base = game.you ?? 0;
    return game.flipped ? 1 - base : base;
  };

  /**
   * The board of the state's game, made on the first state.
   * @param {State} state
   */
  function ensureBoard(state) {
    if (!game.board) {
      game.board =
        state.game === "renju"
          ? new RenjuBoard({ onMove: (point) => act("move", { point }) })
          : new TablesBoard({ onMove: (src, die) => act("move", { src, die }), onUndo: () => act("undo") });
      mount(el.boardHolder, game.board.element);
    }
    return game.board;
  }

  /** @param {State} live */
  function renderBoard(live) {
    const board = ensureBoard(live);
    const reviewed = game.review ? game.review.frames[game.review.index].state : null;
    const state = reviewed || (game.gameOver ? finalState(live, game.gameOver) : live);
    const legal = game.gameOver || reviewed ? null : game.legal;
    if (board instanceof RenjuBoard) {
      board.render({ state, you: game.you, showForbidden: game.showForbidden, showNumbers: game.showNumbers });
    } else {
      const seat = viewSeat();
      board.render({ state, seat, legal: seat === game.you ? legal : null, oneTap: game.oneTap, canUndo: game.actions.includes("undo"), you: game.you });
    }
  }

  /**
   * The panel between games, in the controls' place while the finished game is shown.
   * @param {State} state
   * @param {LastGame} last
   */
  function renderGameOver(state, last) {
    const onContinue = () => {
      game.gameOver = null;
      render();
    };
    mount(el.controls, gameOverPanel(state, last, game.you, onContinue));
  }

  /**
   * @param {HTMLElement} node
   * @param {State} state
   * @param {number} seat
   */
  function renderPlayer(node, state, seat) {
    playerCard(node, {
      state,
      seat,
      info: game.seats[seat] || { name: state.players[seat], kind: "human" },
      you: game.you,
      away: !game.presence.connected[seat],
      matchId: id,
    });
  }

  /** @param {State} state */
  function renderToggles(state) {
    const items = [];
    if (state.game === "renju") {
      /**
       * @param {string} label
       * @param {"showForbidden" | "showNumbers"} key
       * @param {string} storage
       */
      const toggle = (label, key, storage) =>
        h(
          "label",
          { class: "toggle" },
          h("input", {
            type: "checkbox",
            checked: game[key],
            onchange: (/** @type {Event} */ event) => {
              const checked = /** @type {HTMLInputElement} */ (event.target).checked;
              game[key] = checked;
              localStorage.setItem(storage, checked ? "on" : "off");
              renderBoard(state);
            },
          }),
          label,
        );
      // Under forbidden="claim" the points are not marked: spotting a foul is White's job.
      if (state.options?.forbidden !== "claim") {
        items.push(toggle(say("game.toggle.forbidden"), "showForbidden", "gamehall.forbidden"));
      }
      items.push(toggle(say("game.toggle.numbers"), "showNumbers", "gamehall.numbers"));
    } else if (game.you !== null) {
      /**
       * @param {string} label
       * @param {string} hint
       * @param {"oneTap" | "autoBearOff" | "autoConfirm" | "moveSound"} key
       * @param {string} storage
       */
      const setting = (label, hint, key, storage) =>
        h(
          "label",
          { class: "toggle", title: hint },
          h("input", {
            type: "checkbox",
            name: key,
            checked: game[key],
            onchange: (/** @type {Event} */ event) => {
              const checked = /** @type {HTMLInputElement} */ (event.target).checked;
              game[key] = checked;
              localStorage.setItem(storage, checked ? "on" : "off");
              render();
            },
          }),
          label,
        );
      items.push(
        setting(
          say("game.toggle.one-tap"),
          say("game.toggle.one-tap.hint"),
          "oneTap",
          "gamehall.onetap",
        ),
      );
      items.push(
        setting(say("game.toggle.bear-off"), say("game.toggle.bear-off.hint"), "autoBearOff", "gamehall.autobearoff"),
      );
      items.push(
        setting(
          say("game.toggle.confirm"),
          say("game.toggle.confirm.hint"),
          "autoConfirm",
          "gamehall.autoconfirm",
        ),
      );
      items.push(setting(say("game.toggle.move-sound"), say("game.toggle.move-sound.hint"), "moveSound", "gamehall.movesound"));
    } else {
      items.push(
        h("button", { type: "button", class: "secondary", onclick: () => ((game.flipped = !game.flipped), render()) }, say("game.flip")),
      );
    }
    if (game.you !== null) items.push(turnSoundToggle());
    // Without a clock the players come and go: the browser may tell them their turn.
    if (game.you !== null && game.settings && !game.settings.clock) items.push(allowButton(say("game.toggle.tell-me")));
    mount(el.toggles, items);
  }

  /** The setting that mutes the sound of your turn (on unless turned off, remembered). */
  function turnSoundToggle() {
    return h(
      "label",
      { class: "toggle", title: say("game.toggle.turn-sound.hint") },
      h("input", {
        type: "checkbox",
        name: "turnSound",
        checked: game.turnSound,
        onchange: (/** @type {Event} */ event) => {
          game.turnSound = /** @type {HTMLInputElement} */ (event.target).checked;
          localStorage.setItem("gamehall.turnsound", game.turnSound ? "on" : "off");
        },
      }),
      say("game.toggle.turn-sound"),
    );
  }

  /** @param {State} state */
  function renderResult(state) {
    const over = state.phase === "over";
    el.result.hidden = !over;
    if (over) mount(el.result, afterMatch(), result({ id: game.id, state, settings: game.settings, events: game.events, you: game.you }));
  }

  const onKey = (/** @type {KeyboardEvent} */ event) => review.onKey(event);
  window.addEventListener("keydown", onKey);

  /** What to do next: a rematch (seats swapped), back to the lobby. */
  function afterMatch() {
    const opponent = game.you === null ? "" : game.state?.players[1 - game.you] || "";
    const offered = game.rematch === "opponent" ? h("p", { class: "rematch-offer" }, say("notice.rematch-offer", { opponent })) : null;
    const label = say(game.rematch === "opponent" ? "game.rematch.accept" : game.rematch === "you" ? "game.rematch.waiting" : "game.rematch");
    const rematch =
      game.you === null
        ? null
        : h(
            "button",
            {
              type: "button",
              class: "primary",
              dataset: { action: "rematch" },
              disabled: game.rematch === "you",
              title: say("game.rematch.hint"),
              onclick: async () => {
                try {
                  const answer = await post(`/api/matches/${encodeURIComponent(game.id)}/rematch`, {});
                  if (answer.status === "started" && answer.match_id) location.hash = `#/game/${answer.match_id}`;
                  else {
                    game.rematch = "you";
                    render();
                  }
                } catch (error) {
                  toast(errorText(error));
                }
              },
            },
            label,
          );
    return h("div", { class: "after-match" }, offered, h("div", { class: "buttons" }, rematch, h("a", { href: "#/", class: "button-link" }, say("site.back-to-lobby"))));
  }

  /** A notice of the user's socket about this match's rematch. */
  const onNotice = (/** @type {Event} */ event) => {
    const notice = /** @type {CustomEvent} */ (event).detail;
    if (notice?.of !== game.id) return;
    if (notice.type === "rematch" && notice.match_id) location.hash = `#/game/${notice.match_id}`;
    else if (notice.type === "rematch_offer") {
      game.rematch = "opponent";
      render();
    }
  };
  window.addEventListener("gamehall:notice", onNotice);

  function render() {
    const { state } = game;
    if (!state) return;
    const seat = viewSeat();
    const names = state.players;
    el.title.textContent = `${names[0]} – ${names[1]}`;
    el.title.setAttribute("translate", "no"); // the players' names
    const yourTurn = game.you !== null && state.to_act === game.you;
    document.title = `${titleMark()}${yourTurn ? "● " : ""}${names[0]} – ${names[1]} · gamehall`;
    const reviewed = review.shown();
    const shown = reviewed || state; // the header and the cards follow the review
    const over = reviewed ? null : game.gameOver; // a game just ended, shown before the next
    el.info.textContent = matchInfo(shown, game.settings);
    el.status.textContent = over ? betweenStatus(state, over, game.you) : statusText(state, game.you, game.legal);
    renderBoard(state);
    mount(el.review, review.bar());
    const cards = over ? finalState(state, over) : shown; // nobody to act yet
    renderPlayer(el.top, cards, 1 - seat);
    renderPlayer(el.bottom, cards, seat);
    if (over) renderGameOver(state, over);
    else {
      mount(
        el.controls,
        game.you === null
          ? h("p", { class: "spectating" }, say("game.watching"))
          : controls(
              { state, settings: game.settings, actions: game.actions, legal: game.legal, nextCube: state.cube?.next ?? null, offerPoints: offerPoints(), you: game.you },
              act,
            ),
      );
    }
    renderToggles(state);
    const browsing = Boolean(game.review || game.gameOver);
    hints.update({ moment: game.events.length, onMove: game.you !== null && state.to_act === game.you && (state.phase === "move" || game.actions.includes("double") || game.actions.includes("take")) && !browsing });
    const atEnd = el.moves.scrollTop + el.moves.clientHeight >= el.moves.scrollHeight - 40;
    mount(el.moves, moveList(game.events, state, game.you, state.phase === "over" ? review.nav : null));
    if (game.review) el.moves.querySelector(".at")?.scrollIntoView({ block: "nearest" });
    if (atEnd) el.moves.scrollTop = el.moves.scrollHeight;
    renderResult(state);
    analysis.update({ over: state.phase === "over" });
    tick();
    /** @type {HTMLElement} */ (root.querySelector(".game-page")).dataset.phase = state.phase;
  }

  /** What the resignation on offer is worth: the points the server logged with the offer. */
  function offerPoints() {
    const offer = game.events.findLast((event) => event.kind === "resign");
    return game.state?.resign_offer && offer ? Number(offer.outcome?.points) : null;
  }

  /** The live parts: clocks (in a review, the step's, stopped), the grace countdown, the claim buttons. */
  function tick() {
    const { state } = game;
    if (!state) return;
    const reviewed = review.shown();
    const elapsed = (performance.now() - game.receivedAt) / 1000;
    const paused = reviewed ? 0 : pauseLeft(game.clocksWait, elapsed);
    el.pause.textContent = pauseText(paused);
    el.pause.hidden = !paused;
    // the clocks run once the pause is over; a reviewed step's stand still
    const since = reviewed ? 0 : Math.max(elapsed - game.clocksWait, 0);
    const control = game.control;
    const clocks = (reviewed || state).clocks;
    const faces = [0, 1].map((seat) => (clocks ? clockFace(control, clocks, seat, since) : null));
    for (const node of root.querySelectorAll("[data-clock]")) {
      if (!(node instanceof HTMLElement)) continue;
      const face = faces[Number(node.dataset.clock)];
      if (!face) continue;
      mount(node, h("span", { class: "time" }, face.main), face.extra ? h("small", { class: "extra" }, face.extra) : null);
      node.classList.toggle("running", face.running && !paused);
      node.classList.toggle("low", face.running && !paused && face.low);
    }
    const grace = game.presence.grace;
    const left = grace ? Math.ceil(grace.deadline - socket.serverNow()) : 0;
    for (const node of root.querySelectorAll(".grace")) {
      if (!(node instanceof HTMLElement)) continue;
      const mine = grace && Number(node.dataset.seat) === grace.player && state.phase !== "over";
      node.textContent = mine ? (left > 0 ? say("game.grace.left", { seconds: left }) : say("game.grace.gone")) : "";
    }
    const claims = [];
    const opponent = game.you === null ? null : 1 - game.you;
    if (opponent !== null && state.phase !== "over") {
      if (grace && grace.player === opponent && left <= 0) {
        claims.push(h("button", { type: "button", class: "primary", dataset: { action: "claim_abandoned" }, onclick: () => act("claim_abandoned") }, say("game.claim.win")));
      }
      /** @type {Record<string, string>} */
      const words = { white: "game.choice.play-white", black: "game.choice.take-black", place2: "game.choice.place2", offers: "game.choice.offers", ...SWAP_WORDS[state.opening?.step ?? ""] };
      const choices = state.opening?.choices || [];
      if (game.actions.includes("opening_choice") && choices.length > 10) {
        claims.push(declareField(choices)); // Yamaguchi's 1 to 62: a field, not 62 buttons
      } else if (game.actions.includes("opening_choice")) {
        for (const choice of choices) {
          claims.push(h("button", { type: "button", class: "primary", dataset: { action: "opening_choice", choice }, onclick: () => act("opening_choice", { choice }) }, words[choice] ? say(words[choice]) : say("game.choice.declare", { choice })));
        }
      }
      if (game.actions.includes("claim")) {
        // Renju under forbidden="claim": always there for White, since spotting a foul is his job.
        claims.push(h("button", { type: "button", dataset: { action: "claim" }, onclick: () => act("claim") }, say("game.claim.foul")));
      }
      const face = faces[opponent];
      if (face && face.running && face.seconds <= 0 && game.actions.includes("claim_time")) {
        claims.push(h("button", { type: "button", class: "primary", dataset: { action: "claim_time" }, onclick: () => act("claim_time") }, say("game.claim.time")));
      }
    }
    if (claims.length !== el.claims.children.length) mount(el.claims, claims);
  }

  /**
   * The number of fifth moves to declare, typed (the choices are "1" up to their count).
   * @param {string[]} choices
   */
  function declareField(choices) {
    const input = h("input", { type: "number", name: "declare", min: 1, max: choices.length, value: 1, required: true, "aria-label": say("game.declare.label") });
    return h(
      "form",
      {
        class: "declare",
        onsubmit: (/** @type {Event} */ event) => {
          event.preventDefault();
          act("opening_choice", { choice: String(/** @type {HTMLInputElement} */ (input).value).trim() });
        },
      },
      h("label", {}, `${say("game.declare.range", { count: choices.length })} `, input),
      h("button", { type: "submit", class: "primary", dataset: { action: "opening_choice" } }, say("game.declare")),
    );
  }

  /** @param {SocketMessage} message */
  function receive(message) {
    switch (message.type) {
      case "hello":
        game.you = message.you ?? null;
        game.seats = message.players || [];
        game.events = message.events || [];
        break;
      case "update": {
        game.events = game.events.concat(message.events || []);
        const ended = (message.events || []).some((event) => event.kind === "game_end");
        const next = message.state;
        if (ended && next?.last_game && next.phase !== "over" && next.phase !== "between") game.gameOver = /** @type {LastGame} */ (next.last_game);
        break;
      }
      case "presence":
        game.presence = { connected: message.connected || [true, true], grace: message.grace ?? null };
        if (game.state) render();
        return;
      case "error":
        toast(sentence(message.message || ""));
        return;
      case "rematch": // a spectator follows the players into their rematch
        location.hash = `#/game/${message.match_id}`;
        return;
      default:
        return;
    }
    const wasToAct = game.state?.to_act;
    game.state = message.state ? withSeatNames(/** @type {State} */ (message.state), game.seats) : null;
    game.actions = message.actions || [];
    game.legal = message.legal || null;
    game.receivedAt = performance.now();
    game.clocksWait = message.clocks_wait ?? 0;
    render();
    if (message.type === "update") moveSound(message.events || []);
    if (message.type === "update" && game.turnSound && game.you !== null && wasToAct !== game.you && game.state?.to_act === game.you) {
      tones([587, 880], 0.12, 0.07); // your turn: two rising notes
    }
    autoBearOff();
    autoConfirm();
  }

  /**
   * A click for a move of the opponent (the setting on).
   * @param {MatchEvent[]} events
   */
  function moveSound(events) {
    const moves = ["move", "play", "confirm", "roll", "double", "take", "drop"];
    if (game.moveSound && events.some((e) => moves.includes(e.kind) && e.player !== null && e.player !== game.you)) tones([520], 0.05, 0.06);
  }

  /** Once every die is played (no legal move left, Confirm on offer), confirm (the setting on). */
  let confirmingAt = -1;
  function autoConfirm() {
    if (!game.autoConfirm || game.gameOver || game.review || !game.actions.includes("confirm") || game.legal?.moves?.length) return;
    if (confirmingAt === game.events.length) return;
    confirmingAt = game.events.length;
    act("confirm");
  }

  /** Once every legal move left bears a checker off (and the setting is on), make them: the
   * largest die first, one per update (each answer brings the moves left). */
  let bearingOffAt = -1;
  function autoBearOff() {
    const moves = game.legal?.moves || [];
    if (!game.autoBearOff || game.gameOver || game.review || !moves.length || !moves.every((m) => m.dst === 0)) return;
    if (bearingOffAt === game.events.length) return;
    bearingOffAt = game.events.length;
    const move = [...moves].sort((a, b) => b.die - a.die || b.src - a.src)[0];
    game.autoMoves += 1;
    act("move", { src: move.src, die: move.die });
  }

  const socket = new MatchSocket(id, {
    onMessage: receive,
    onStatus: (status, reason) => {
      el.connection.hidden = status === "open";
      el.connection.textContent =
        status === "gone" ? reason || say("game.connection.gone") : say(status === "connecting" ? "game.connection.connecting" : "game.connection.lost");
    },
  });

  get(`/api/matches/${encodeURIComponent(id)}`)
    .then((answer) => {
      /** @type {MatchSettings} */
      const settings = answer.match.settings;
      game.settings = settings;
      game.control = answer.match.settings.control;
      el.info.title = describeSettings(settings);
      el.rules.setAttribute("href", `#/rules/${settings.game}`);
      render();
    })
    .catch((error) => toast(errorText(error)));

  const timer = setInterval(tick, 100);
  return () => {
    clearInterval(timer);
    errors.close();
    window.removeEventListener("gamehall:notice", onNotice);
    window.removeEventListener("keydown", onKey);
    chat.close();
    analysis.close();
    socket.close();
    Reflect.deleteProperty(window, "gamehall");
    document.title = `${titleMark()}gamehall`;
  };
}

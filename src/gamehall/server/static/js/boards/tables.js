// @ts-check
// The tables board (backgammon, Georgian backgammon, long nardy) in SVG, seen from one player's
// side: his points 1-6 bottom right, 24 top right; the bar in the middle, the off-tray on the
// right, the cube and the pip counts on the left. On a phone the board is turned a quarter
// (points 1-12 down the left, 13-24 down the right, the pips and the cube above, the tray
// below): tables_geometry.js says where everything goes in either layout, and the board is
// drawn again when the window crosses from one to the other. Click a checker, then a target
// (or drag it): only the single moves the server lists as legal are offered. It draws what the
// server sends (the position as it stands, the pips, the cube) and decides nothing itself.

import { s } from "../dom.js";
import { say } from "../say.js";
import { Layout, TURNED_MEDIA } from "./tables_geometry.js";
import { die, pips } from "./tables_pieces.js";

const DRAG_PX = 4; // how far a pressed pointer moves before the press is a drag
const SHOWN = 5; // checkers drawn on a point before a count is written instead
const BAR_POINT = 25;
const OFF = 0;

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").Legal} Legal
 * @typedef {import("../types.js").LegalMove} LegalMove
 * @typedef {{state: State, seat: number, legal: Legal | null, oneTap?: boolean, canUndo?: boolean, you?: number | null}} TablesView
 *   what to draw, from `seat`'s side; `legal` when that seat is to move; `oneTap`: a tap on a
 *   checker moves it at once (by the larger die it can use); `canUndo`: a move may be taken back
 * @typedef {{src: number, dst: number, die: number, options: LegalMove[]}} Tap the last one-tap
 *   move: where from and to, by which die, and the moves its checker had
 * @typedef {{point: number, seat: number, count: number}} Stack checkers of one seat on a point
 *   (the viewer's numbering; 25 the bar, 0 off)
 */

/**
 * The checkers' colour of each seat: light or dark.
 * @param {State} state
 * @param {number} seat
 */
export function colourOf(state, seat) {
  if (state.game === "nardy") return (state.colours || ["white", "black"])[seat] === "white" ? "light" : "dark";
  return seat === 0 ? "light" : "dark";
}

export class TablesBoard {
  /** @param {{onMove: (src: number, die: number) => void, onUndo?: () => void}} handlers */
  constructor({ onMove, onUndo = () => {} }) {
    this.onMove = onMove;
    this.onUndo = onUndo;
    /** @type {Tap | null} */
    this.lastTap = null;
    /** @type {number | null} the game number and seat last drawn (a move is animated within one) */
    this.shownGame = null;
    /** @type {number | null} */
    this.shownSeat = null;
    /** @type {TablesView | null} */
    this.view = null;
    /** @type {number | null} the point of the checker picked up (the viewer's numbering) */
    this.selected = null;
    this.dragging = false;
    /** @type {{x: number, y: number, moved: boolean, tap: boolean} | null} where the pointer went
     * down, whether it has moved far enough to be a drag, and whether a one-tap waits for it */
    this.press = null;
    /** @type {number[][] | null} */
    this.checkers = null;
    /** @type {Stack[]} */
    this.stacks = [];
    /** @type {import("../game/hints.js").HintMark} the play the hint panel shows */
    this.hintMark = null;
    // the layout the screen's width calls for, redrawn when that changes (a phone turned)
    const media = matchMedia(TURNED_MEDIA);
    this.layout = new Layout(media.matches);
    this.svg = s("svg", {
      class: `board tables-board${this.layout.turned ? " turned" : ""}`,
      viewBox: this.layout.viewBox,
      role: "group",
      "aria-label": say("board.tables"),
      dataset: { board: "tables" },
    });
    this.layers = {
      frame: s("g", { class: "frame" }),
      checkers: s("g", { class: "checkers" }),
      extras: s("g", { class: "extras" }),
      hint: s("g", { class: "hint-marks" }),
      targets: s("g", { class: "targets" }),
      hits: s("g", { class: "hit-areas" }),
      ghost: s("circle", { class: "ghost-checker", r: this.layout.R, visibility: "hidden" }),
    };
    this.svg.append(...Object.values(this.layers));
    this.drawHitAreas();
    media.addEventListener("change", () => this.relayout(media.matches));
    /** @type {number | null} a finger down on the turned board: heard when it lifts */
    this.finger = null;
    this.svg.addEventListener("pointerdown", (event) => {
      // The turned board is taller than a phone's screen and a swipe on it scrolls the page:
      // a finger's press counts only once it lifts without having scrolled.
      if (this.layout.turned && event.pointerType === "touch") this.finger = event.pointerId;
      else this.pointerDown(event);
    });
    this.svg.addEventListener("pointermove", (event) => this.pointerMove(event));
    this.svg.addEventListener("pointerup", (event) => {
      if (this.finger === event.pointerId) {
        this.finger = null;
        this.pointerDown(event);
      }
      this.pointerUp(event);
    });
    this.svg.addEventListener("pointercancel", () => {
      this.finger = null;
      this.endDrag();
      if (this.view) this.render(this.view);
    });
  }

  get element() {
    return this.svg;
  }

  /**
   * Draw the board in the other layout (the window has crossed the phone's width).
   * @param {boolean} turned
   */
  relayout(turned) {
    if (turned === this.layout.turned) return;
    this.layout = new Layout(turned);
    this.svg.setAttribute("viewBox", this.layout.viewBox);
    this.svg.classList.toggle("turned", turned);
    this.endDrag();
    this.showHint(this.hintMark);
    this.drawHitAreas();
    if (this.view) this.render(this.view);
  }

  // -- drawing --------------------------------------------------------------------------------

  /**
   * Draw a state.
   * @param {TablesView} view
   */
  render(view) {
    this.view = view;
    const { state } = view;
    this.svg.setAttribute("aria-label", say(state.game === "nardy" ? "board.nardy" : "board.tables"));
    this.svg.dataset.game = state.game;
    this.svg.dataset.seat = String(view.seat);
    if (this.selected !== null && !this.movesFrom(this.selected).length) this.selected = null;
    if (!view.legal) this.lastTap = null;
    this.svg.classList.toggle("my-move", this.legalMoves().length > 0);
    this.checkers = state.position?.checkers ?? null;
    const before = this.stacks;
    const sameGame = this.shownGame === state.game_number && this.shownSeat === view.seat;
    this.shownGame = state.game_number;
    this.shownSeat = view.seat;
    this.stacks = this.stacksOf(view, this.checkers);
    this.drawFrame(view);
    this.drawCheckers(view);
    this.drawExtras(view);
    this.drawTargets(view);
    if (sameGame) this.animateMoves(view, before);
  }

  /** @param {TablesView} view */
  drawFrame({ seat }) {
    const L = this.layout;
    const { PW, BAND, TOP, BOTTOM, HALF } = L;
    const rect = (/** @type {string} */ name, /** @type {number[]} */ [u, w, du, dw], rx = 0) =>
      s("rect", { class: name, ...L.box(u, w, du, dw), ...(rx ? { rx } : {}) });
    /** @type {SVGElement[]} */
    const parts = [
      rect("board-frame", [L.SIDE, BAND, L.LENGTH - L.SIDE, L.BREADTH - 2 * BAND], 6),
      rect("field", [L.LEFT_Q, TOP, 6 * PW, BOTTOM - TOP]),
      rect("field", [L.RIGHT_Q, TOP, 6 * PW, BOTTOM - TOP]),
      rect("bar", [L.BAR_X, TOP, L.BAR, BOTTOM - TOP]),
      rect("tray", [L.TRAY_X, TOP, L.TRAY, HALF]),
      rect("tray", [L.TRAY_X, L.MID_BOTTOM, L.TRAY, HALF]),
    ];
    for (let v = 1; v <= 24; v++) {
      const { u, top } = L.place(v);
      const edge = top ? TOP : BOTTOM;
      const corners = [L.at(u - PW / 2, edge), L.at(u + PW / 2, edge), L.at(u, top ? TOP + L.TRIANGLE : BOTTOM - L.TRIANGLE)];
      const [near, far] = L.NUMBER;
      parts.push(
        s("path", {
          class: `point ${v % 2 ? "odd" : "even"}`,
          d: `M${corners.map(({ x, y }) => `${x} ${y}`).join("L")}Z`,
        }),
        s("text", { class: "point-number", ...L.text(u, top ? near : L.BREADTH - far, 16) }, v),
      );
    }
    parts.push(
      pips(L, this.pips(1 - seat), "top", this.whose(1 - seat)),
      pips(L, this.pips(seat), "bottom", this.whose(seat)),
    );
    this.layers.frame.replaceChildren(...parts);
  }

  /**
   * Whose a seat's pip count is, in a word: "you" for the viewer's own seat, else the name.
   * @param {number} seat
   */
  whose(seat) {
    const view = this.view;
    if (!view) return "";
    if (view.you === seat) return "you";
    return view.you === 1 - seat ? "opp." : view.state.players[seat] || "";
  }

  /**
   * The pip count of a seat, as the server counts it.
   * @param {number} seat
   */
  pips(seat) {
    return this.view?.state.pips?.[seat] ?? null;
  }

  /**
   * The checkers on the board, in the viewer's numbering.
   * @param {TablesView} view
   * @param {number[][] | null} checkers
   */
  stacksOf({ state, seat }, checkers) {
    const opposite = state.position?.opposite;
    if (!checkers || !opposite) return [];
    /** @type {Stack[]} */
    const out = [];
    for (const side of [seat, 1 - seat]) {
      checkers[side].forEach((count, q) => {
        if (!count) return;
        out.push({ point: side === seat ? q : opposite[q], seat: side, count });
      });
    }
    return out;
  }

  /** @param {TablesView} view */
  drawCheckers({ state, seat }) {
    const nodes = [];
    for (const stack of this.stacks) {
      const colour = colourOf(state, stack.seat);
      const mine = stack.seat === seat;
      if (stack.point === OFF) {
        nodes.push(this.offStack(stack.count, colour, mine));
        continue;
      }
      const shown = Math.min(stack.count, SHOWN);
      for (let i = 0; i < shown; i++) {
        const { x, y } = this.slot(stack.point, i, mine);
        const last = i === shown - 1;
        nodes.push(
          s(
            "g",
            {
              class: `checker ${colour}${last && mine && this.selected === stack.point ? " selected" : ""}`,
              dataset: last ? { checker: stack.point === BAR_POINT ? "bar" : String(stack.point), count: String(stack.count), owner: String(stack.seat) } : {},
            },
            s("circle", { cx: x, cy: y, r: this.layout.R - 1 }),
            last && stack.count > SHOWN ? s("text", { x, y: y + 6 }, stack.count) : null,
          ),
        );
      }
    }
    this.layers.checkers.replaceChildren(...nodes);
  }

  /**
   * Slide the opponent's checkers that moved since the last drawing from where they stood to
   * where they stand (found by comparing the two boards, not worked out from any rule): each
   * point that lost checkers is paired with one that gained, in the order of the points.
   * @param {TablesView} view
   * @param {Stack[]} before
   */
  animateMoves(view, before) {
    if (view.you === null || view.you === undefined || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const mover = 1 - view.you;
    const mine = mover === view.seat;
    const count = (/** @type {Stack[]} */ stacks, /** @type {number} */ point) =>
      stacks.find((st) => st.point === point && st.seat === mover)?.count ?? 0;
    /** @type {number[]} */
    const from = [];
    /** @type {number[]} */
    const to = [];
    for (let point = 0; point <= BAR_POINT; point++) {
      const change = count(this.stacks, point) - count(before, point);
      for (let i = 0; i < -change; i++) from.push(point);
      for (let i = 0; i < change; i++) to.push(point);
    }
    if (!from.length || from.length !== to.length || from.length > 4) return;
    const L = this.layout;
    const spot = (/** @type {number} */ point, /** @type {Stack[]} */ stacks) =>
      point === OFF ? L.at(L.TRAY_X + L.TRAY / 2, mine ? L.BOTTOM - L.R : L.TOP + L.R) : this.slot(point, Math.min(Math.max(count(stacks, point) - 1, 0), SHOWN - 1), mine);
    const colour = colourOf(view.state, mover);
    from.forEach((src, i) => {
      const a = spot(src, before);
      const b = spot(to[i], this.stacks);
      const ghost = s("circle", { class: `moving-checker ${colour}`, cx: b.x, cy: b.y, r: L.R - 1 });
      this.layers.extras.append(ghost);
      const motion = ghost.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: "translate(0, 0)" }], {
        duration: 350,
        delay: i * 150,
        easing: "ease-out",
        fill: "backwards",
      });
      motion.finished.then(() => ghost.remove(), () => ghost.remove());
    });
  }

  /**
   * The centre of the i-th checker (0 = the outermost) on a point or on the bar.
   * @param {number} point
   * @param {number} i
   * @param {boolean} mine
   */
  slot(point, i, mine) {
    const L = this.layout;
    const { R, STEP } = L;
    if (point === BAR_POINT) {
      const u = L.BAR_X + L.BAR / 2;
      return L.at(u, mine ? L.MID_TOP - R - i * STEP : L.MID_BOTTOM + R + i * STEP);
    }
    const { u, top } = L.place(point);
    return L.at(u, top ? L.TOP + R + i * STEP : L.BOTTOM - R - i * STEP);
  }

  /**
   * @param {number} count
   * @param {string} colour
   * @param {boolean} mine
   */
  offStack(count, colour, mine) {
    const L = this.layout;
    const { SLAB, TRAY, TRAY_X } = L;
    const slabs = [];
    for (let i = 0; i < count; i++) {
      const w = mine ? L.BOTTOM - 12 - i * SLAB : L.TOP + 2 + i * SLAB;
      slabs.push(s("rect", { ...L.box(TRAY_X + 8, w, TRAY - 16, SLAB - 2), rx: 3 }));
    }
    // the number beyond the last slab
    const label = mine ? L.BOTTOM - 12 - count * SLAB - 11 : L.TOP + count * SLAB + 15;
    return s(
      "g",
      { class: `off ${colour}`, dataset: { off: mine ? "bottom" : "top", count: String(count) } },
      slabs,
      s("text", L.text(TRAY_X + TRAY / 2, label, 15), count),
    );
  }

  /** @param {TablesView} view */
  drawExtras({ state, seat }) {
    const L = this.layout;
    const nodes = [];
    if (state.dice) {
      // The dice the turn's moves have played (greyed), then those left, as the server lists them.
      const used = state.dice_used || [];
      const all = [...used, ...(state.dice_left || [])];
      const u0 = (state.on_roll === seat ? L.RIGHT_Q : L.LEFT_Q) + 3 * L.PW - ((all.length - 1) * 50) / 2;
      all.forEach((value, i) => {
        const { x, y } = L.at(u0 + i * 50, L.MIDDLE);
        nodes.push(die(x, y, value, i < used.length, colourOf(state, state.on_roll ?? 0)));
      });
    }
    if (state.cube) {
      const { value, owner } = state.cube;
      const where = owner === null ? "centre" : owner === seat ? "bottom" : "top";
      const { x, y } = L.cubeAt(where);
      nodes.push(
        s(
          "g",
          { class: "cube", dataset: { cube: String(value), owner: where } },
          s("title", {}, say(owner === null ? "board.cube.middle" : "board.cube.stake", { value })),
          s("rect", { x: x - 21, y: y - 21, width: 42, height: 42, rx: 6 }),
          s("text", { x, y: y + 8 }, value),
        ),
      );
    }
    if (state.crawford) {
      // under the cube on a desktop; the line under the title says it on a phone
      nodes.push(s("text", { class: "crawford", ...L.at(L.SIDE / 2, L.MIDDLE + 44) }, say("board.crawford")));
    }
    this.layers.extras.replaceChildren(...nodes);
  }

  /**
   * Green rings on the checkers that can move; with one selected, its targets instead.
   * @param {TablesView} view
   */
  drawTargets({ seat }) {
    const L = this.layout;
    const mine = (/** @type {number} */ point) => this.stacks.find((st) => st.point === point && st.seat === seat)?.count ?? 0;
    const nodes = [];
    const selected = this.selected;
    if (selected === null) {
      for (const src of new Set(this.legalMoves().map((m) => m.src))) {
        const { x, y } = this.slot(src, Math.min(mine(src), SHOWN) - 1, true);
        nodes.push(s("circle", { class: "movable", cx: x, cy: y, r: L.R - 1 }));
      }
    } else {
      for (const dst of new Set(this.movesFrom(selected).map((m) => m.dst))) {
        if (dst === OFF) {
          nodes.push(s("rect", { class: "target", ...L.box(L.TRAY_X + 4, L.MID_BOTTOM + 4, L.TRAY - 8, L.HALF - 8), rx: 6 }));
        } else {
          const { x, y } = this.slot(dst, Math.min(mine(dst), SHOWN - 1), true);
          nodes.push(s("circle", { class: "target", cx: x, cy: y, r: L.R - 4 }));
        }
      }
    }
    this.layers.targets.replaceChildren(...nodes);
  }

  /**
   * Draw the play the hint panel shows: an arrow for each single move (the viewer's numbering,
   * 25 the bar, 0 off) numbered in order; or nothing (null).
   * @param {import("../game/hints.js").HintMark} mark
   */
  showHint(mark) {
    this.hintMark = mark; // drawn again if the board turns
    const L = this.layout;
    const at = (/** @type {number} */ point) => (point === OFF ? L.at(L.TRAY_X + L.TRAY / 2, L.MID_BOTTOM + L.HALF / 2) : this.slot(point, 0, true));
    const steps = mark && "steps" in mark ? mark.steps : [];
    this.layers.hint.replaceChildren(
      ...steps.map(([src, dst], i) => {
        const a = at(src);
        const b = at(dst);
        return s(
          "g",
          { class: "hint-step", dataset: { hintStep: `${src}/${dst}` } },
          s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
          s("circle", { cx: b.x, cy: b.y, r: 11 }),
          s("text", { x: b.x, y: b.y + 5 }, i + 1),
        );
      }),
    );
  }

  /** Invisible areas that say which point a pointer is on: data-point 1-24, bar or off. A
   * point's area is its whole half-column, from the board's outer edge (its number and the
   * frame included) to the middle: on a phone, where the board is turned, a column is at least
   * 44 px wide and its half-column longer than that. */
  drawHitAreas() {
    const L = this.layout;
    const areas = [];
    for (let v = 1; v <= 24; v++) {
      const { u, top } = L.place(v);
      areas.push(s("rect", { ...L.box(u - L.PW / 2, top ? 0 : L.MIDDLE, L.PW, L.MIDDLE), dataset: { point: String(v) } }));
    }
    areas.push(s("rect", { ...L.box(L.BAR_X, L.TOP, L.BAR, L.BOTTOM - L.TOP), dataset: { point: "bar" } }));
    areas.push(s("rect", { ...L.box(L.TRAY_X, L.TOP, L.TRAY, L.BOTTOM - L.TOP), dataset: { point: "off" } }));
    this.layers.hits.replaceChildren(...areas);
  }

  // -- moving ---------------------------------------------------------------------------------

  /** @returns {LegalMove[]} */
  legalMoves() {
    return this.view?.legal?.moves || [];
  }

  /** @param {number | null} src */
  movesFrom(src) {
    return this.legalMoves().filter((m) => m.src === src);
  }

  /**
   * The point under a pointer event: 1-24, 25 (bar), 0 (off) or null.
   * @param {PointerEvent} event
   */
  pointAt(event) {
    const node = document.elementFromPoint(event.clientX, event.clientY);
    if (!(node instanceof SVGElement) || !this.svg.contains(node)) return null;
    const name = node.dataset.point;
    if (name === undefined) return null;
    return name === "bar" ? BAR_POINT : name === "off" ? OFF : Number(name);
  }

  /**
   * Move the selected checker to `dst` if a legal move does it; true if it was sent.
   * @param {number} dst
   */
  moveTo(dst) {
    const src = this.selected;
    const options = this.movesFrom(src).filter((m) => m.dst === dst);
    if (src === null || !options.length || !this.view) return false;
    const die = Math.min(...options.map((m) => m.die));
    this.selected = null;
    this.onMove(src, die);
    this.render(this.view);
    return true;
  }

  /**
   * One tap: the checker tapped moves at once by the larger die it can use (of the server's
   * legal moves); a tap where it landed takes that move back and plays the other die instead
   * (where moves can be taken back). True if a move was sent.
   * @param {number} point
   */
  tap(point) {
    const last = this.lastTap;
    if (last && point === last.dst && this.view?.canUndo) {
      const other = last.options.filter((m) => m.die !== last.die).sort((a, b) => b.die - a.die)[0];
      if (other) {
        this.onUndo();
        this.onMove(last.src, other.die);
        this.lastTap = { ...last, dst: other.dst, die: other.die };
        return true;
      }
    }
    const moves = this.movesFrom(point).sort((a, b) => b.die - a.die);
    if (!moves.length) return false;
    this.onMove(point, moves[0].die);
    this.lastTap = { src: point, dst: moves[0].dst, die: moves[0].die, options: moves };
    return true;
  }

  /**
   * A press on a point: a second click on a target moves there; a press on a checker that can
   * move picks it up (drawn targets, and a drag may begin). With one tap on, the tap waits for
   * the release: let go where it was pressed and it is a tap, dragged to a target and it is
   * that move.
   * @param {PointerEvent} event
   */
  pointerDown(event) {
    const point = this.pointAt(event);
    if (point === null || event.button > 0) return;
    const oneTap = Boolean(this.view?.oneTap) && this.selected === null;
    if (oneTap && !this.movesFrom(point).length && this.tap(point)) return; // the other die
    if (this.selected !== null && point !== this.selected && this.moveTo(point)) return;
    this.press = { x: event.clientX, y: event.clientY, moved: false, tap: oneTap };
    if (point === this.selected) {
      this.dragging = true;
    } else if (this.movesFrom(point).length) {
      this.selected = point;
      this.dragging = true;
    } else {
      this.selected = null;
      this.press = null;
    }
    if (this.dragging) {
      try {
        this.svg.setPointerCapture(event.pointerId); // the release ends the drag even off the board
      } catch {
        // a synthetic pointer cannot be captured: the release is heard on the board all the same
      }
    }
    if (this.view) this.render(this.view);
  }

  /** @param {PointerEvent} event */
  pointerMove(event) {
    if (!this.dragging || !(event.buttons & 1) || !this.view) return;
    const press = this.press;
    if (press && !press.moved) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_PX) return;
      press.moved = true;
      // the checker is lifted off its point: the ghost carries it (the next drawing puts it back)
      this.svg.querySelector(".checkers .checker.selected")?.setAttribute("visibility", "hidden");
    }
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const ghost = this.layers.ghost;
    ghost.setAttribute("cx", String(at.x));
    ghost.setAttribute("cy", String(at.y));
    ghost.setAttribute("class", `ghost-checker ${colourOf(this.view.state, this.view.seat)}`);
    ghost.setAttribute("visibility", "visible");
  }

  /** @param {PointerEvent} event */
  pointerUp(event) {
    if (!this.dragging) return;
    const point = this.pointAt(event);
    const press = this.press;
    const from = this.selected;
    this.endDrag();
    if (point !== null && point !== from && this.moveTo(point)) return;
    if (press?.tap && from !== null && (point === from || !press.moved)) {
      this.selected = null;
      this.tap(from);
    }
    if (this.view) this.render(this.view);
  }

  endDrag() {
    this.dragging = false;
    this.press = null;
    this.layers.ghost.setAttribute("visibility", "hidden");
  }
}

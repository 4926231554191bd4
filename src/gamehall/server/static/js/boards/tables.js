// @ts-check
// The tables board (backgammon, Georgian backgammon, long nardy) in SVG, seen from one player's
// side: his points 1-6 bottom right, 24 top right; the bar in the middle, the off-tray on the
// right, the cube and the pip counts on the left. Click a checker, then a target (or drag it):
// only the single moves the server lists as legal are offered. It draws what the server sends
// (the position as it stands, the pips, the cube) and decides nothing itself.

import { s } from "../dom.js";

const PW = 50; // point width
const R = 23; // checker radius
const DRAG_PX = 4; // how far a pressed pointer moves before the press is a drag
const FRAME = 14;
const BAR = 56;
const TRAY = 64;
const SIDE = 64; // the column on the left: cube and pips
const BAND = 30; // point numbers above and below the frame (room for 11 px text on a phone)
const HALF = 5 * 2 * R; // five checkers
const GAP = 50; // between the halves: the dice
const TRIANGLE = 200;
const SHOWN = 5; // checkers drawn on a point before a count is written instead

const LEFT_Q = SIDE + FRAME; // x of the left quarter
const BAR_X = LEFT_Q + 6 * PW;
const RIGHT_Q = BAR_X + BAR;
const TRAY_X = RIGHT_Q + 6 * PW + FRAME;
const WIDTH = TRAY_X + TRAY + FRAME;
const TOP = BAND + FRAME; // top edge of the playing field
const MID_TOP = TOP + HALF;
const MID_BOTTOM = MID_TOP + GAP;
const BOTTOM = MID_BOTTOM + HALF; // bottom edge of the playing field
const HEIGHT = BOTTOM + FRAME + BAND;
const MIDDLE = (MID_TOP + MID_BOTTOM) / 2;
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
 * Where the viewer's point v (1-24) is drawn: its centre x and whether it is on top.
 * @param {number} v
 */
function place(v) {
  if (v <= 6) return { x: RIGHT_Q + (6 - v) * PW + PW / 2, top: false };
  if (v <= 12) return { x: LEFT_Q + (12 - v) * PW + PW / 2, top: false };
  if (v <= 18) return { x: LEFT_Q + (v - 13) * PW + PW / 2, top: true };
  return { x: RIGHT_Q + (v - 19) * PW + PW / 2, top: true };
}

/**
 * The checkers' colour of each seat: light or dark.
 * @param {State} state
 * @param {number} seat
 */
export function colourOf(state, seat) {
  if (state.game === "nardy") return (state.colours || ["white", "black"])[seat] === "white" ? "light" : "dark";
  return seat === 0 ? "light" : "dark";
}

/**
 * The spots of each face of a die, around its centre.
 * @type {Record<number, [number, number][]>}
 */
const SPOTS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/**
 * A pip count on the left of the board, labelled with whose it is ("you", "opp." for the
 * viewer's opponent, a spectator sees the names cut short; the whole name in the tooltip).
 * @param {number | null} number
 * @param {number} y
 * @param {string} label
 * @param {string} whose
 */
function pips(number, y, label, whose) {
  const short = whose === "you" || whose === "opp." ? whose : whose.slice(0, 4);
  return s(
    "g",
    { class: "pips", dataset: { pips: label } },
    s("title", {}, `${whose === "you" ? "Your" : whose === "opp." ? "Your opponent's" : `${whose}'s`} pip count: ${number ?? "–"}`),
    s("text", { class: "pips-label", x: SIDE / 2, y }, short),
    s("text", { class: "pips-value", x: SIDE / 2, y: y + 34 }, number ?? "–"),
  );
}

/**
 * @param {number} x
 * @param {number} y
 * @param {number} value
 * @param {boolean} used
 * @param {string} colour
 */
function die(x, y, value, used, colour) {
  const spots = SPOTS[value] || [];
  return s(
    "g",
    { class: `die ${colour}${used ? " used" : ""}`, dataset: { die: String(value), used: used ? "1" : "0" } },
    s("rect", { x: x - 21, y: y - 21, width: 42, height: 42, rx: 8 }),
    spots.map(([dx, dy]) => s("circle", { cx: x + dx * 10.5, cy: y + dy * 10.5, r: 4.2 })),
  );
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
    this.svg = s("svg", {
      class: "board tables-board",
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: "group",
      "aria-label": "Backgammon board",
      dataset: { board: "tables" },
    });
    this.layers = {
      frame: s("g", { class: "frame" }),
      checkers: s("g", { class: "checkers" }),
      extras: s("g", { class: "extras" }),
      hint: s("g", { class: "hint-marks" }),
      targets: s("g", { class: "targets" }),
      hits: s("g", { class: "hit-areas" }),
      ghost: s("circle", { class: "ghost-checker", r: R, visibility: "hidden" }),
    };
    this.svg.append(...Object.values(this.layers));
    this.drawHitAreas();
    this.svg.addEventListener("pointerdown", (event) => this.pointerDown(event));
    this.svg.addEventListener("pointermove", (event) => this.pointerMove(event));
    this.svg.addEventListener("pointerup", (event) => this.pointerUp(event));
    this.svg.addEventListener("pointercancel", () => {
      this.endDrag();
      if (this.view) this.render(this.view);
    });
  }

  get element() {
    return this.svg;
  }

  // -- drawing --------------------------------------------------------------------------------

  /**
   * Draw a state.
   * @param {TablesView} view
   */
  render(view) {
    this.view = view;
    const { state } = view;
    this.svg.setAttribute("aria-label", `${state.game === "nardy" ? "Long nardy" : "Backgammon"} board`);
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
    /** @type {SVGElement[]} */
    const parts = [
      s("rect", { class: "board-frame", x: SIDE, y: BAND, width: WIDTH - SIDE, height: HEIGHT - 2 * BAND, rx: 6 }),
      s("rect", { class: "field", x: LEFT_Q, y: TOP, width: 6 * PW, height: BOTTOM - TOP }),
      s("rect", { class: "field", x: RIGHT_Q, y: TOP, width: 6 * PW, height: BOTTOM - TOP }),
      s("rect", { class: "bar", x: BAR_X, y: TOP, width: BAR, height: BOTTOM - TOP }),
      s("rect", { class: "tray", x: TRAY_X, y: TOP, width: TRAY, height: HALF }),
      s("rect", { class: "tray", x: TRAY_X, y: MID_BOTTOM, width: TRAY, height: HALF }),
    ];
    for (let v = 1; v <= 24; v++) {
      const { x, top } = place(v);
      const edge = top ? TOP : BOTTOM;
      const tip = top ? TOP + TRIANGLE : BOTTOM - TRIANGLE;
      parts.push(
        s("path", {
          class: `point ${v % 2 ? "odd" : "even"}`,
          d: `M${x - PW / 2} ${edge}L${x + PW / 2} ${edge}L${x} ${tip}Z`,
        }),
        s("text", { class: "point-number", x, y: top ? BAND - 6 : HEIGHT - 6 }, v),
      );
    }
    parts.push(
      pips(this.pips(1 - seat), TOP + 16, "top", this.whose(1 - seat)),
      pips(this.pips(seat), BOTTOM - 44, "bottom", this.whose(seat)),
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
            s("circle", { cx: x, cy: y, r: R - 1 }),
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
    const spot = (/** @type {number} */ point, /** @type {Stack[]} */ stacks) =>
      point === OFF ? { x: TRAY_X + TRAY / 2, y: mine ? BOTTOM - R : TOP + R } : this.slot(point, Math.min(Math.max(count(stacks, point) - 1, 0), SHOWN - 1), mine);
    const colour = colourOf(view.state, mover);
    from.forEach((src, i) => {
      const a = spot(src, before);
      const b = spot(to[i], this.stacks);
      const ghost = s("circle", { class: `moving-checker ${colour}`, cx: b.x, cy: b.y, r: R - 1 });
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
    if (point === BAR_POINT) {
      const x = BAR_X + BAR / 2;
      return mine ? { x, y: MID_TOP - R - i * 2 * R } : { x, y: MID_BOTTOM + R + i * 2 * R };
    }
    const { x, top } = place(point);
    return { x, y: top ? TOP + R + i * 2 * R : BOTTOM - R - i * 2 * R };
  }

  /**
   * @param {number} count
   * @param {string} colour
   * @param {boolean} mine
   */
  offStack(count, colour, mine) {
    const slabs = [];
    for (let i = 0; i < count; i++) {
      const y = mine ? BOTTOM - 12 - i * 12 : TOP + 2 + i * 12;
      slabs.push(s("rect", { x: TRAY_X + 8, y, width: TRAY - 16, height: 10, rx: 3 }));
    }
    const labelY = mine ? BOTTOM - 12 - count * 12 - 6 : TOP + 2 + count * 12 + 18;
    return s(
      "g",
      { class: `off ${colour}`, dataset: { off: mine ? "bottom" : "top", count: String(count) } },
      slabs,
      s("text", { x: TRAY_X + TRAY / 2, y: labelY }, count),
    );
  }

  /** @param {TablesView} view */
  drawExtras({ state, seat }) {
    const nodes = [];
    if (state.dice) {
      // The dice the turn's moves have played (greyed), then those left, as the server lists them.
      const used = state.dice_used || [];
      const all = [...used, ...(state.dice_left || [])];
      const x0 = (state.on_roll === seat ? RIGHT_Q : LEFT_Q) + 3 * PW - ((all.length - 1) * 50) / 2;
      all.forEach((value, i) => {
        nodes.push(die(x0 + i * 50, MIDDLE, value, i < used.length, colourOf(state, state.on_roll ?? 0)));
      });
    }
    if (state.cube) {
      const { value, owner } = state.cube;
      const y = owner === null ? MIDDLE : owner === seat ? BOTTOM - 90 : TOP + 90;
      nodes.push(
        s(
          "g",
          { class: "cube", dataset: { cube: String(value), owner: owner === null ? "centre" : owner === seat ? "bottom" : "top" } },
          s("title", {}, owner === null ? `The cube is in the middle at ${value}` : `The stake is ${value}`),
          s("rect", { x: SIDE / 2 - 21, y: y - 21, width: 42, height: 42, rx: 6 }),
          s("text", { x: SIDE / 2, y: y + 8 }, value),
        ),
      );
    }
    if (state.crawford) {
      nodes.push(s("text", { class: "crawford", x: SIDE / 2, y: MIDDLE + 44 }, "Crawford"));
    }
    this.layers.extras.replaceChildren(...nodes);
  }

  /**
   * Green rings on the checkers that can move; with one selected, its targets instead.
   * @param {TablesView} view
   */
  drawTargets({ seat }) {
    const mine = (/** @type {number} */ point) => this.stacks.find((st) => st.point === point && st.seat === seat)?.count ?? 0;
    const nodes = [];
    const selected = this.selected;
    if (selected === null) {
      for (const src of new Set(this.legalMoves().map((m) => m.src))) {
        const { x, y } = this.slot(src, Math.min(mine(src), SHOWN) - 1, true);
        nodes.push(s("circle", { class: "movable", cx: x, cy: y, r: R - 1 }));
      }
    } else {
      for (const dst of new Set(this.movesFrom(selected).map((m) => m.dst))) {
        if (dst === OFF) {
          nodes.push(s("rect", { class: "target", x: TRAY_X + 4, y: MID_BOTTOM + 4, width: TRAY - 8, height: HALF - 8, rx: 6 }));
        } else {
          const { x, y } = this.slot(dst, Math.min(mine(dst), SHOWN - 1), true);
          nodes.push(s("circle", { class: "target", cx: x, cy: y, r: R - 4 }));
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
    const at = (/** @type {number} */ point) => (point === OFF ? { x: TRAY_X + TRAY / 2, y: MID_BOTTOM + HALF / 2 } : this.slot(point, 0, true));
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
   * frame included) to the middle, the largest a finger's target can be on a phone. */
  drawHitAreas() {
    const areas = [];
    for (let v = 1; v <= 24; v++) {
      const { x, top } = place(v);
      areas.push(
        s("rect", {
          x: x - PW / 2,
          y: top ? 0 : MIDDLE,
          width: PW,
          height: MIDDLE,
          dataset: { point: String(v) },
        }),
      );
    }
    areas.push(s("rect", { x: BAR_X, y: TOP, width: BAR, height: BOTTOM - TOP, dataset: { point: "bar" } }));
    areas.push(s("rect", { x: TRAY_X, y: TOP, width: TRAY, height: BOTTOM - TOP, dataset: { point: "off" } }));
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

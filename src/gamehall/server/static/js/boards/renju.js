// @ts-check
// The renju board: a 15x15 grid in SVG, stones, the last move, Black's forbidden points.
// Click (or move the cursor with the arrow keys and press Enter) to play a stone.

import { s } from "../dom.js";
import { ask } from "../game/ask.js";
import { hasText, say } from "../say.js";

const N = 15;
const STEP = 40;
const MARGIN = 46;
const SIZE = MARGIN * 2 + STEP * (N - 1);
const LETTERS = "abcdefghijklmno";
const STARS = ["d4", "l4", "h8", "d12", "l12"];
/** The keyboard cursor: a ring between a stone's edge (radius 18, 18.75 with a white stone's
 * rim) and its neighbours' (21.25), its stroke 2 wide (the CSS): it never hides the stone under
 * it, nor the stones beside it. */
const CURSOR_R = 20;
/** The rules for Black's forbidden moves that say what playing one does (game.renju.forbidden.RULE). */
const FORBIDDEN_RULES = ["loss", "refuse", "claim"];

/**
 * What the board draws: the state, the seat of the viewer (null for a spectator), and the
 * viewer's two choices.
 * @typedef {{state: import("../types.js").State, you: number | null, showForbidden: boolean, showNumbers: boolean}} RenjuView
 */

/**
 * @param {number} col
 * @param {number} row
 */
function pointName(col, row) {
  return `${LETTERS[col]}${row + 1}`;
}

/** @param {string} point */
function coords(point) {
  const col = LETTERS.indexOf(point[0]);
  const row = Number(point.slice(1)) - 1;
  return { col, row, x: MARGIN + col * STEP, y: MARGIN + (N - 1 - row) * STEP };
}

/**
 * The stones to draw: each one's colour as the server sends it, and its number in the game.
 * @param {Record<string, string>} colours
 * @param {string[]} moves
 */
function stonesOf(colours, moves) {
  /** @type {Map<string, {colour: string, number: number}>} */
  const stones = new Map();
  moves.forEach((move, i) => {
    const colour = colours[move];
    if (colour) stones.set(move, { colour, number: i + 1 });
  });
  return stones;
}

/**
 * The point an event's target stands for (its data-point), or null.
 * @param {EventTarget | null} target
 */
function pointOf(target) {
  return target instanceof SVGElement ? target.dataset.point || null : null;
}

export class RenjuBoard {
  /** @param {{onMove: (point: string) => void}} handlers */
  constructor({ onMove }) {
    this.onMove = onMove;
    this.cursor = { col: 7, row: 7 };
    /** @type {RenjuView | null} */
    this.view = null;
    this.svg = s("svg", {
      class: "board renju-board",
      viewBox: `0 0 ${SIZE} ${SIZE}`,
      role: "group",
      tabindex: 0,
      "aria-label": say("game.renju.board"),
      dataset: { board: "renju" },
    });
    this.layers = {
      grid: s("g", { class: "grid" }),
      stones: s("g", { class: "stones" }),
      marks: s("g", { class: "marks" }),
      hint: s("g", { class: "hint-marks" }),
      ghost: s("circle", { class: "ghost", r: 17, visibility: "hidden" }),
      cursor: s("circle", { class: "cursor", r: CURSOR_R }),
      targets: s("g", { class: "targets" }),
    };
    this.drawGrid();
    this.svg.append(...Object.values(this.layers));
    this.svg.addEventListener("click", (event) => {
      const point = pointOf(event.target);
      if (point) this.play(point);
    });
    this.svg.addEventListener("pointerover", (event) => this.hover(pointOf(event.target)));
    this.svg.addEventListener("pointerleave", () => this.hover(null));
    this.svg.addEventListener("keydown", (event) => this.key(event));
    this.placeCursor();
  }

  get element() {
    return this.svg;
  }

  drawGrid() {
    const { grid, targets } = this.layers;
    const far = MARGIN + STEP * (N - 1);
    grid.append(s("rect", { class: "wood", x: 0, y: 0, width: SIZE, height: SIZE, rx: 8 }));
    for (let i = 0; i < N; i++) {
      const at = MARGIN + i * STEP;
      grid.append(s("line", { x1: MARGIN, y1: at, x2: far, y2: at }));
      grid.append(s("line", { x1: at, y1: MARGIN, x2: at, y2: far }));
      grid.append(s("text", { class: "coord", x: at, y: SIZE - 8 }, LETTERS[i]));
      grid.append(s("text", { class: "coord", x: 15, y: MARGIN + (N - 1 - i) * STEP + 6 }, i + 1));
    }
    for (const star of STARS) {
      const { x, y } = coords(star);
      grid.append(s("circle", { class: "star", cx: x, cy: y, r: 4 }));
    }
    for (let col = 0; col < N; col++) {
      for (let row = 0; row < N; row++) {
        const { x, y } = coords(pointName(col, row));
        targets.append(
          s("rect", {
            x: x - STEP / 2,
            y: y - STEP / 2,
            width: STEP,
            height: STEP,
            dataset: { point: pointName(col, row) },
          }),
        );
      }
    }
  }

  /**
   * Draw a state.
   * @param {RenjuView} view
   */
  render(view) {
    this.view = view;
    const { state } = view;
    const moves = state.moves || [];
    const stones = stonesOf(state.stones || {}, moves);
    const last = [...moves].reverse().find((m) => m !== "pass" && m !== "claim");
    this.layers.stones.replaceChildren(
      ...[...stones].map(([point, stone]) => {
        const { x, y } = coords(point);
        return s(
          "g",
          { class: `stone ${stone.colour}`, dataset: { stone: point, colour: stone.colour } },
          s("circle", { cx: x, cy: y, r: 18 }),
          view.showNumbers ? s("text", { x, y: y + 5 }, stone.number) : null,
        );
      }),
    );
    const marks = [];
    for (const point of state.five || []) {
      const { x, y } = coords(point);
      marks.push(s("circle", { class: "five", cx: x, cy: y, r: 21, dataset: { five: point } }));
    }
    for (const point of state.opening?.offers || []) {
      const { x, y } = coords(point);
      marks.push(s("circle", { class: "offer", cx: x, cy: y, r: 12, fill: "none", stroke: "#1f6feb", "stroke-width": 3, "stroke-dasharray": "4 3", dataset: { offer: point } }, s("title", {}, `${point}: offered as the fifth move`)));
    }
    if (last && !view.showNumbers) {
      const { x, y } = coords(last);
      marks.push(s("circle", { class: `last-move on-${stones.get(last)?.colour || "none"}`, cx: x, cy: y, r: 7, dataset: { last: last } }));
    }
    if (view.showForbidden && state.turn === "black") {
      for (const [point, pattern] of Object.entries(state.forbidden || {})) {
        const { x, y } = coords(point);
        marks.push(
          s(
            "g",
            { class: "forbidden", dataset: { forbidden: point } },
            s("title", {}, `${point}: forbidden for Black (${pattern})`),
            s("path", { d: `M${x - 8} ${y - 8}L${x + 8} ${y + 8}M${x + 8} ${y - 8}L${x - 8} ${y + 8}` }),
          ),
        );
      }
    }
    this.layers.marks.replaceChildren(...marks);
    this.svg.classList.toggle("my-turn", this.myTurn());
    if (!this.myTurn()) this.layers.ghost.setAttribute("visibility", "hidden");
    this.layers.ghost.setAttribute("class", `ghost ${this.myColour() || ""}`);
  }

  /**
   * Draw what the hint panel shows: the numbered stones of a winning line, a suggested point,
   * or nothing (null).
   * @param {import("../game/hints.js").HintMark} mark
   */
  showHint(mark) {
    const nodes = [];
    if (mark && "stones" in mark) {
      for (const stone of mark.stones) {
        const { x, y } = coords(stone.point);
        nodes.push(
          s(
            "g",
            { class: `hint-stone ${stone.colour}`, dataset: { hintStone: stone.point, number: String(stone.number) } },
            s("circle", { cx: x, cy: y, r: 18 }),
            s("text", { x, y: y + 5 }, stone.number),
          ),
        );
      }
    } else if (mark && "point" in mark) {
      const { x, y } = coords(mark.point);
      nodes.push(s("circle", { class: "hint-point", cx: x, cy: y, r: 14, dataset: { hintPoint: mark.point } }));
    }
    this.layers.hint.replaceChildren(...nodes);
  }

  myColour() {
    if (!this.view || this.view.you === null) return null;
    return this.view.state.black === this.view.you ? "black" : "white";
  }

  myTurn() {
    const view = this.view;
    return Boolean(view && view.you !== null && view.state.phase === "move" && view.state.to_act === view.you);
  }

  /** @param {string} point */
  occupied(point) {
    return Boolean(this.view?.state.stones?.[point]);
  }

  /**
   * The pattern that makes `point` forbidden to Black now, when the marks are shown and it is
   * the viewer's stone to play there (else null).
   * @param {string} point
   */
  markedForbidden(point) {
    const view = this.view;
    if (!view || !view.showForbidden || view.state.turn !== "black" || this.myColour() !== "black") return null;
    return view.state.forbidden?.[point] ?? null;
  }

  /** @param {string} point */
  async play(point) {
    if (!this.myTurn() || this.occupied(point)) return;
    const pattern = this.markedForbidden(point);
    if (pattern) {
      const rule = this.view?.state.options?.forbidden || "loss";
      const what = say(`game.renju.forbidden.${FORBIDDEN_RULES.includes(rule) ? rule : "loss"}`);
      const named = hasText(`game.renju.pattern.${pattern}`) ? say(`game.renju.pattern.${pattern}`) : pattern;
      /** @type {[string, string, boolean][]} */
      const choices = rule === "refuse" ? [] : [["play", say("game.renju.forbidden.play", { point }), false]];
      const sure = await ask(say("game.renju.forbidden.title", { point }), say("game.renju.forbidden.text", { pattern: named, what }), choices);
      if (sure !== "play" || !this.myTurn() || this.occupied(point)) return;
    }
    this.onMove(point);
  }

  /** @param {string | null} point */
  hover(point) {
    const ghost = this.layers.ghost;
    if (!point || !this.myTurn() || this.occupied(point)) {
      ghost.setAttribute("visibility", "hidden");
      return;
    }
    const { x, y } = coords(point);
    ghost.classList.toggle("warn", Boolean(this.markedForbidden(point)));
    ghost.setAttribute("cx", String(x));
    ghost.setAttribute("cy", String(y));
    ghost.setAttribute("visibility", "visible");
  }

  placeCursor() {
    const { x, y } = coords(pointName(this.cursor.col, this.cursor.row));
    this.layers.cursor.setAttribute("cx", String(x));
    this.layers.cursor.setAttribute("cy", String(y));
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const step = moves[event.key];
    if (step) {
      const [dc, dr] = step;
      this.cursor.col = Math.min(N - 1, Math.max(0, this.cursor.col + dc));
      this.cursor.row = Math.min(N - 1, Math.max(0, this.cursor.row + dr));
      this.placeCursor();
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      this.play(pointName(this.cursor.col, this.cursor.row));
      event.preventDefault();
    }
  }
}

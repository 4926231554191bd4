// @ts-check
// Where the tables board puts things: one geometry for both of its layouts. The board is
// worked out along two axes: u runs along the points (the cube and pips column, a quarter, the
// bar, a quarter, the off-tray) and w across them (the opponent's half, the middle, the
// viewer's half). A desktop draws u across the screen and w down it; a phone (narrower than
// 600 px) draws the board turned a quarter, u down the screen and w across it from right to
// left, so that the twelve columns of a side and the bar share the screen's height and each
// column is a finger wide (at least 44 CSS px on a 375 px screen). Text is never turned: only
// where it stands.

/** The width below which the board is drawn turned (a phone held upright). */
export const TURNED_MEDIA = "(max-width: 599px)";

/**
 * @typedef {{x: number, y: number}} XY a point of the SVG
 * @typedef {{x: number, y: number, width: number, height: number}} Box a rectangle of the SVG
 */

/** The sizes of a layout, in SVG units along u and w. */
const SIZES = {
  desktop: {
    PW: 50, // a point's width (along u)
    R: 23, // a checker's radius
    FRAME: 14,
    BAR: 56,
    TRAY: 64,
    SIDE: 64, // the cube and pips column before the first quarter
    BAND: 30, // point numbers outside the frame
    HALF: 5 * 2 * 23, // a half-column: five checkers
    GAP: 50, // between the halves: the dice
    TRIANGLE: 200,
    SLAB: 12, // a borne-off checker in the tray
    NUMBER: [18.4, 11.6], // a point number's centre from the outer edge: top, bottom
    PIPS: 34, // from a pip count's label to its value
  },
  turned: {
    PW: 50,
    R: 23,
    FRAME: 6,
    BAR: 50,
    TRAY: 52,
    SIDE: 48,
    BAND: 22,
    HALF: 148, // five checkers overlapping
    GAP: 48,
    TRIANGLE: 134,
    SLAB: 9,
    NUMBER: [11, 11],
    PIPS: 23,
  },
};

export class Layout {
  /** @param {boolean} turned */
  constructor(turned) {
    this.turned = turned;
    const z = SIZES[turned ? "turned" : "desktop"];
    this.PW = z.PW;
    this.R = z.R;
    this.FRAME = z.FRAME;
    this.BAR = z.BAR;
    this.TRAY = z.TRAY;
    this.SIDE = z.SIDE;
    this.BAND = z.BAND;
    this.HALF = z.HALF;
    this.GAP = z.GAP;
    this.TRIANGLE = z.TRIANGLE;
    this.SLAB = z.SLAB;
    this.NUMBER = z.NUMBER;
    this.PIPS = z.PIPS;
    /** how far apart the checkers of a point are: touching, or overlapping where five do not fit */
    this.STEP = Math.min(2 * z.R, (z.HALF - 2 * z.R) / 4);
    // along u
    this.LEFT_Q = z.SIDE + z.FRAME; // the first quarter (points 7-18)
    this.BAR_X = this.LEFT_Q + 6 * z.PW;
    this.RIGHT_Q = this.BAR_X + z.BAR; // the second quarter (points 1-6 and 19-24)
    this.TRAY_X = this.RIGHT_Q + 6 * z.PW + z.FRAME;
    this.LENGTH = this.TRAY_X + z.TRAY + z.FRAME;
    // across, w: the opponent's half first
    this.TOP = z.BAND + z.FRAME; // the outer edge of the opponent's half
    this.MID_TOP = this.TOP + z.HALF;
    this.MID_BOTTOM = this.MID_TOP + z.GAP;
    this.BOTTOM = this.MID_BOTTOM + z.HALF; // the outer edge of the viewer's half
    this.BREADTH = this.BOTTOM + z.FRAME + z.BAND;
    this.MIDDLE = this.BREADTH / 2;
  }

  /** The SVG's viewBox. */
  get viewBox() {
    return this.turned ? `0 0 ${this.BREADTH} ${this.LENGTH}` : `0 0 ${this.LENGTH} ${this.BREADTH}`;
  }

  /**
   * Where (u, w) is drawn.
   * @param {number} u
   * @param {number} w
   * @returns {XY}
   */
  at(u, w) {
    return this.turned ? { x: this.BREADTH - w, y: u } : { x: u, y: w };
  }

  /**
   * The rectangle from (u, w), du along and dw across.
   * @param {number} u
   * @param {number} w
   * @param {number} du
   * @param {number} dw
   * @returns {Box}
   */
  box(u, w, du, dw) {
    return this.turned ? { x: this.BREADTH - w - dw, y: u, width: dw, height: du } : { x: u, y: w, width: du, height: dw };
  }

  /**
   * Where a line of text centred on (u, w) stands: its baseline a little below its middle.
   * @param {number} u
   * @param {number} w
   * @param {number} size its font size, in SVG units
   */
  text(u, w, size) {
    const { x, y } = this.at(u, w);
    return { x, y: y + size * 0.35 };
  }

  /**
   * Where the viewer's point v (1-24) is: the middle of its column along u and whether it is
   * on the opponent's half ("top", the far side on a desktop).
   * @param {number} v
   */
  place(v) {
    const { PW, LEFT_Q, RIGHT_Q } = this;
    if (v <= 6) return { u: RIGHT_Q + (6 - v) * PW + PW / 2, top: false };
    if (v <= 12) return { u: LEFT_Q + (12 - v) * PW + PW / 2, top: false };
    if (v <= 18) return { u: LEFT_Q + (v - 13) * PW + PW / 2, top: true };
    return { u: RIGHT_Q + (v - 19) * PW + PW / 2, top: true };
  }

  /**
   * Where a pip count stands (its label's middle): the opponent's (top) or the viewer's. On a
   * desktop in the column on the left, above and below; turned, in the strip above the
   * board, the viewer's on his side (the left) and the opponent's on the right.
   * @param {boolean} top
   */
  pipsAt(top) {
    if (this.turned) return { u: 14, w: top ? this.TOP + 36 : this.BOTTOM - 36 };
    return { u: this.SIDE / 2, w: top ? this.TOP + 11 : this.BOTTOM - 49 };
  }

  /**
   * Where the cube stands: in the middle while nobody owns it, else on its owner's side.
   * @param {"centre" | "top" | "bottom"} where
   */
  cubeAt(where) {
    const away = this.turned ? 100 : 90;
    const w = where === "centre" ? this.MIDDLE : where === "bottom" ? this.BOTTOM - away : this.TOP + away;
    return this.at(this.SIDE / 2, w);
  }
}

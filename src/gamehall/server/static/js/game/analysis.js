// @ts-check
// The computer's analysis of a finished match, on its game page (players and spectators alike):
// an Analyse button (POST /api/matches/{id}/analysis), the progress while the server works, then
// each player's figures, a graph of the whole match drawn in SVG and the list of decisions, each
// error marked by its band. Choosing a decision (in the list or on the graph) shows its position
// with the review's frames (GET /review: the server says which frame each decision stands at) and
// names the move played, the best and the choices. The server judges everything; this draws it.

import { errorText, get, post } from "../api.js";
import { h, mount, s } from "../dom.js";
import { hasText, say } from "../say.js";

/**
 * @typedef {import("../api-types.js").AnalysisAnswer} AnalysisAnswer
 * @typedef {import("../api-types.js").TablesResult} TablesResult
 * @typedef {import("../api-types.js").RenjuResult} RenjuResult
 * @typedef {import("../api-types.js").TablesDecisionView} TablesDecision
 * @typedef {import("../api-types.js").RenjuDecisionView} RenjuDecision
 * @typedef {import("../api-types.js").GraphPointView} GraphPoint
 * @typedef {import("./review.js").Frame} Frame
 * @typedef {{frames: Frame[], steps: import("../api-types.js").ReviewStepsView}} Review the review's answer
 * @typedef {{point: string} | null} AnalysisMark what the board marks: renju's best point
 */

const POLL_MS = 1000;
const WIDTH = 600;
const HEIGHT = 150;
const PAD = 8;

/**
 * The analysis panel of the game page.
 * @param {{matchId: string, toast: (message: string) => void, show: (review: Review, index: number, mark: AnalysisMark) => void}} options
 *   `show` puts the board at a review frame, with a mark
 */
export function analysisPanel({ matchId, toast, show }) {
  const element = h("section", { class: "analysis", hidden: true, "aria-label": say("analysis.title"), dataset: { analysis: "" } });
  const path = `/api/matches/${encodeURIComponent(matchId)}`;
  /** @type {AnalysisAnswer | null} */
  let answer = null;
  let started = false;
  let asking = false;
  /** @type {number | null} the decision shown */
  let selected = null;
  /** @type {Review | null} */
  let review = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let closed = false;

  /** @param {AnalysisAnswer} got */
  function take(got) {
    if (closed) return;
    answer = got;
    draw();
    clearTimeout(timer);
    if (got.status === "running") timer = setTimeout(refresh, POLL_MS);
  }

  async function refresh() {
    try {
      take(await get(`${path}/analysis`));
    } catch (error) {
      if (!closed) toast(errorText(error));
    }
  }

  async function ask() {
    if (asking) return;
    asking = true;
    draw();
    try {
      take(await post(`${path}/analysis`, {}));
    } catch (error) {
      toast(errorText(error));
    } finally {
      asking = false;
      draw();
    }
  }

  /**
   * Show decision `index`: its position (the review's frame), its best point on a renju board.
   * @param {number} index
   */
  async function select(index) {
    const result = answer?.tables || answer?.renju;
    if (!result) return;
    selected = index;
    draw();
    const decision = result.decisions[index];
    if (decision.frame === null) return;
    try {
      if (!review) review = /** @type {Review} */ (await get(`${path}/review`));
      if (closed || selected !== index) return;
      const best = "colour" in decision && decision.best ? { point: decision.best } : null;
      show(review, decision.frame, best);
    } catch (error) {
      toast(errorText(error));
    }
  }

  function draw() {
    if (!answer || answer.status === "none") {
      return mount(
        element,
        h("h2", {}, say("analysis.title")),
        h("p", { class: "hint" }, say("analysis.ask-hint")),
        h("button", { type: "button", class: "primary", dataset: { action: "analyse" }, disabled: asking || !answer, onclick: ask }, say("analysis.ask")),
      );
    }
    if (answer.status === "running") {
      const known = answer.total > 0;
      return mount(
        element,
        h("h2", {}, say("analysis.title")),
        h("p", { role: "status", dataset: { analysisProgress: "" } }, known ? say("analysis.running", { done: answer.done, total: answer.total }) : say("analysis.waiting")),
        h("progress", known ? { max: answer.total, value: answer.done } : {}),
      );
    }
    if (answer.status === "failed") {
      return mount(
        element,
        h("h2", {}, say("analysis.title")),
        h("p", { class: "form-error", role: "alert" }, say("analysis.failed", { reason: answer.reason || "" })),
        h("button", { type: "button", class: "secondary", dataset: { action: "analyse" }, disabled: asking, onclick: ask }, say("analysis.retry")),
      );
    }
    const depth = answer.tables ? say("analysis.depth.tables", { plies: answer.tables.plies }) : say("analysis.depth.renju", { seconds: answer.renju?.seconds_per_move ?? "" });
    mount(
      element,
      h("h2", {}, say("analysis.title")),
      h("p", { class: "hint" }, depth),
      answer.tables ? tablesSummary(answer.tables) : answer.renju ? renjuSummary(answer.renju) : null,
      graph(),
      h("div", { class: "analysis-review" }, moveList(), details()),
    );
  }

  /** The graph of the whole match; a click goes to the nearest point's decision. */
  function graph() {
    const result = answer?.tables || answer?.renju;
    if (!result || !result.graph.length) return null;
    const points = result.graph;
    const money = Boolean(answer?.tables && !answer.tables.match_play);
    const reach = money ? Math.max(1, ...points.map((p) => Math.abs(p.value))) : 1;
    const low = money ? -reach : 0;
    const x = (/** @type {number} */ i) => PAD + (points.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (points.length - 1));
    const y = (/** @type {number} */ v) => PAD + ((reach - v) * (HEIGHT - 2 * PAD)) / (reach - low);
    const middle = money ? 0 : 0.5;
    const name = result.players[0].name;
    const title = say(answer?.renju ? "analysis.graph.win" : money ? "analysis.graph.equity" : "analysis.graph.mwc", { name });
    const at = points.findIndex((p) => p.decision === selected);
    const svg = s(
      "svg",
      {
        class: "analysis-graph",
        viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
        role: "img",
        "aria-label": title,
        dataset: { graph: "" },
        onclick: (/** @type {MouseEvent} */ event) => {
          const box = svg.getBoundingClientRect();
          const fraction = (event.clientX - box.left) / Math.max(1, box.width);
          const index = Math.round(((fraction * WIDTH - PAD) / (WIDTH - 2 * PAD)) * (points.length - 1));
          const point = points[Math.min(points.length - 1, Math.max(0, index))];
          select(point.decision);
        },
      },
      s("title", {}, title),
      s("line", { class: "graph-middle", x1: PAD, x2: WIDTH - PAD, y1: y(middle), y2: y(middle) }),
      s("polyline", { class: "graph-line", points: points.map((p, i) => `${x(i)},${y(p.value)}`).join(" ") }),
      at >= 0 ? s("line", { class: "graph-at", x1: x(at), x2: x(at), y1: PAD, y2: HEIGHT - PAD }) : null,
      points.map((p, i) => {
        const band = result.decisions[p.decision].band;
        return band ? s("circle", { class: `graph-error band-${band}`, cx: x(i), cy: y(p.value), r: 4, dataset: { decision: String(p.decision) } }) : null;
      }),
    );
    return h("figure", { class: "analysis-figure" }, svg, h("figcaption", {}, keepName(title, name)));
  }

  /** Every decision in order (a right no-double left out), each error marked by its band (colour and word). */
  function moveList() {
    const result = answer?.tables || answer?.renju;
    if (!result) return null;
    const names = result.players.map((p) => p.name);
    /** @type {(TablesDecision | RenjuDecision)[]} */
    const decisions = result.decisions;
    // a no-double that was right is no decision a player remembers: only the wrong ones are listed
    const listed = decisions.flatMap((decision, index) => (!("colour" in decision) && decision.kind === "no-double" && !decision.band ? [] : [index]));
    const rows = listed.map((index) => {
      const decision = decisions[index];
      return h(
        "li",
        {
          class: `${decision.band ? `band-${decision.band}` : ""} ${selected === index ? "selected" : ""}`,
          tabindex: 0,
          dataset: { decision: String(index), band: decision.band || "" },
          onclick: () => select(index),
          onkeydown: (/** @type {KeyboardEvent} */ event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              select(index);
            }
          },
        },
        h("span", { class: "where", translate: "no" }, `${decision.game}.${decision.move}`),
        h("span", { class: "who", translate: "no" }, names[decision.player]),
        h("span", { class: "what" }, decisionText(decision)),
        decision.band ? h("span", { class: `band band-${decision.band}` }, say(`band.${decision.band}`)) : null,
      );
    });
    return h("div", { class: "analysis-moves" }, h("h3", {}, say("analysis.moves")), h("ol", {}, rows));
  }

  /** The decision shown: the move played and the best, what it cost, the choices. */
  function details() {
    const result = answer?.tables || answer?.renju;
    if (!result || selected === null) return h("div", { class: "analysis-details" });
    return judgement(result, selected);
  }

  /**
   * A decision judged: the move played and the best, what it cost, the choices.
   * @param {TablesResult | RenjuResult} result
   * @param {number} index
   */
  function judgement(result, index) {
    const decision = result.decisions[index];
    const name = result.players[decision.player].name;
    const parts = [
      h("p", { class: "played" }, keepName(say(resigning(decision) ? "analysis.decided" : "analysis.played", { name, played: decisionText(decision) }), name), decision.band ? h("span", { class: `band band-${decision.band}` }, say(`band.${decision.band}`)) : null),
      decision.best && decision.best !== decision.played ? h("p", { class: "best", dataset: { best: decision.best } }, say("analysis.best", { best: choiceText(decision, decision.best) })) : h("p", { class: "best" }, say("analysis.best-played")),
    ];
    if (decision.loss > 0) {
      parts.push(
        h(
          "p",
          { class: "loss" },
          "colour" in decision ? say("analysis.loss.renju", { loss: (100 * decision.loss).toFixed(0) }) : say("analysis.loss.tables", { loss: decision.loss.toFixed(3) }),
        ),
      );
    }
    if ("colour" in decision) {
      const line = (decision.winning_line || []).join(" ");
      if (decision.forced_win_missed) parts.push(h("p", {}, say("analysis.forced-win-missed", { line })));
      if (decision.allowed_forced_win) parts.push(h("p", {}, say("analysis.forced-win-allowed", { line })));
    } else if (decision.choices.length) {
      const best = decision.choices[0].equity;
      parts.push(
        h("h4", {}, say("analysis.choices")),
        h(
          "table",
          { class: "hint-table analysis-choices" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", { class: "hint-move" }, say("analysis.play")), h("th", {}, say("analysis.equity")), h("th", {}, say("analysis.difference")))),
          h(
            "tbody",
            {},
            decision.choices.map((choice, i) =>
              h(
                "tr",
                { class: choice.move === decision.played ? "marked" : "" },
                h("td", {}, i + 1),
                h("td", { class: "hint-move" }, choiceText(decision, choice.move)),
                h("td", {}, signed(choice.equity)),
                h("td", {}, i === 0 ? "" : (choice.equity - best).toFixed(3)),
              ),
            ),
          ),
        ),
      );
    }
    if (decision.frame === null) parts.push(h("p", { class: "hint" }, say("analysis.no-position")));
    return h("div", { class: "analysis-details", dataset: { shown: String(index) } }, parts);
  }

  return {
    element,
    /**
     * Follow the match: the panel is there once it is over (its analysis read once then).
     * @param {{over: boolean}} now
     */
    update({ over }) {
      element.hidden = !over;
      if (over && !started) {
        started = true;
        draw();
        refresh();
      }
    },
    /**
     * The judgements of the decisions taken at review frame `frame`, or null when the match has
     * no analysis (or none of its decisions stands there).
     * @param {number} frame
     */
    judgementsAt(frame) {
      const result = answer?.tables || answer?.renju;
      if (!result) return null;
      /** @type {(TablesDecision | RenjuDecision)[]} */
      const decisions = result.decisions;
      const here = decisions.flatMap((decision, index) => (decision.frame === frame ? [judgement(result, index)] : []));
      return here.length ? here : null;
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A decision in a few words: the dice and the play, a cube action, a resignation, or the point.
 * @param {TablesDecision | RenjuDecision} decision
 */
function decisionText(decision) {
  if ("colour" in decision) return decision.played;
  const forced = decision.forced ? ` (${say("analysis.forced")})` : "";
  return decision.kind === "checker" ? `${(decision.dice || []).join("")}: ${decision.played}${forced}` : choiceText(decision, decision.played);
}

/**
 * Whether a decision is a resignation offered or accepted, whose choices the words name.
 * @param {TablesDecision | RenjuDecision} decision
 */
const resigning = (decision) => !("colour" in decision) && (decision.kind === "resign" || decision.kind === "accept");

/**
 * One of a decision's choices in words: a resignation's (resign-gammon, play-on, accept, reject)
 * in the catalog's, any other as the analysis writes it.
 * @param {TablesDecision | RenjuDecision} decision
 * @param {string} move
 */
const choiceText = (decision, move) => (resigning(decision) ? say(`analysis.choice.${move}`) : move);

/** @param {number} value */
const signed = (value) => `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;

/**
 * A text with a player's name in it, the name marked as not to be translated.
 * @param {string} text
 * @param {string} name
 * @returns {(string | HTMLElement)[]}
 */
const keepName = (text, name) => (name ? text.split(name).flatMap((part, i) => (i ? [h("span", { translate: "no" }, name), part] : [part])) : [text]);

/**
 * A label with the units of backgammon's figures (mEMG, PR), written alike in every language,
 * marked as not to be translated.
 * @param {string} text
 */
const units = (text) => text.split(/\b(mEMG|PR)\b/).map((part, i) => (i % 2 ? h("span", { translate: "no" }, part) : part));

/**
 * GNU Backgammon's rating word that the server sends ("World class", "Awful!"), in words.
 * @param {string} word
 */
function ratingText(word) {
  const key = `analysis.rating.${word.toLowerCase().replace(/[^a-z]+/g, "-").replace(/-$/, "")}`;
  return hasText(key) ? say(key) : word;
}

/**
 * A table of the two players' figures, the rows given as [label, figure of a player].
 * @template P
 * @param {P[]} players
 * @param {string[]} names
 * @param {[string, (player: P) => string | number][]} rows
 */
function figures(players, names, rows) {
  return h(
    "table",
    { class: "analysis-summary", dataset: { summary: "" } },
    h("thead", {}, h("tr", {}, h("th", {}, say("analysis.summary")), names.map((name) => h("th", { translate: "no" }, name)))),
    h(
      "tbody",
      {},
      rows.map(([label, figure]) => h("tr", {}, h("th", {}, units(label)), players.map((player) => h("td", {}, figure(player))))),
    ),
  );
}

/** @param {TablesResult} result */
function tablesSummary(result) {
  const names = result.players.map((p) => p.name);
  return figures(result.players, names, [
    [say("analysis.row.error-rate"), (p) => p.error_rate.toFixed(1)],
    [say("analysis.row.pr"), (p) => p.pr.toFixed(1)],
    [say("analysis.row.rating"), (p) => ratingText(p.rating)],
    [say("analysis.row.checker"), (p) => p.checker_error_rate.toFixed(1)],
    [say("analysis.row.cube"), (p) => p.cube_error_rate.toFixed(1)],
    [say("analysis.row.errors"), (p) => `${p.errors.doubtful} / ${p.errors.error} / ${p.errors.blunder}`],
    [say("analysis.row.luck"), (p) => `${p.luck_rate >= 0 ? "+" : ""}${p.luck_rate.toFixed(1)}`],
  ]);
}

/** @param {RenjuResult} result */
function renjuSummary(result) {
  const names = result.players.map((p) => p.name);
  return figures(result.players, names, [
    [say("analysis.row.accuracy"), (p) => (p.accuracy === null ? "–" : `${p.accuracy.toFixed(1)} %`)],
    [say("analysis.row.blunders"), (p) => p.blunders],
    [say("analysis.row.mistakes"), (p) => p.mistakes],
    [say("analysis.row.inaccuracies"), (p) => p.inaccuracies],
    [say("analysis.row.moves"), (p) => p.moves],
  ]);
}

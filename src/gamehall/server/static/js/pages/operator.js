// @ts-check
// The operators' page (#/operator): the open reports grouped by subject (the chat line as said,
// the game linked), the actions on an account (warn, mute, unmute, ban, unban, the
// engine-assisted mark) each with its reason, closing a subject's reports with a resolution,
// and the operators' record. Anybody else is refused by the server, and is told so here.

import { errorText, get, post } from "../api.js";
import { h, mount } from "../dom.js";
import { withName } from "../moderation/report.js";
import { say, sayCount } from "../say.js";
import { dateText } from "./matches.js";

/** @typedef {import("../api-types.js").ReportGroupView} ReportGroupView */
/** @typedef {import("../api-types.js").AccountStanding} AccountStanding */
/** @typedef {import("../api-types.js").ActionView} ActionView */

/** @param {HTMLElement} root */
export function operatorPage(root) {
  let gone = false;
  const reports = h("div", { class: "reports" });
  const record = h("div", { class: "record" });
  const outcome = h("p", { class: "operator-outcome", role: "status" });
  const name = /** @type {HTMLInputElement} */ (h("input", { name: "player", maxlength: 20, autocomplete: "off", required: true }));
  const reason = /** @type {HTMLInputElement} */ (h("input", { name: "reason", maxlength: 500, autocomplete: "off" }));
  const minutes = /** @type {HTMLInputElement} */ (h("input", { name: "minutes", type: "number", min: 1, max: 43200, value: 60 }));
  const standing = h("p", { class: "standing", role: "status" });

  /** @param {import("../dom.js").Child} text @param {boolean} failed */
  function tell(text, failed) {
    mount(outcome, text);
    outcome.className = failed ? "operator-outcome form-error" : "operator-outcome";
  }

  async function refresh() {
    const [open, done] = await Promise.all([get("/api/operator/reports"), get("/api/operator/actions")]);
    if (gone) return;
    mount(reports, open.groups.length ? open.groups.map(groupCard) : h("p", { class: "empty" }, say("operator.no-reports")));
    mount(record, actionTable(done.actions));
  }

  /** @param {AccountStanding} view */
  function showStanding(view) {
    const held = [
      view.banned ? say("operator.state.banned") : null,
      view.muted_until ? say("operator.state.muted", { until: dateText(view.muted_until) }) : null,
      view.engine_assisted ? say("operator.state.engine") : null,
      sayCount("operator.state.warnings", view.warnings),
    ].filter(Boolean);
    mount(standing, h("strong", { translate: "no" }, view.player), ": ", held.join(" · "));
  }

  /**
   * Do `action` to the player named in the form.
   * @param {string} action
   */
  async function act(action) {
    const player = name.value.trim();
    if (!player) return tell(say("operator.name-first"), true);
    if (!reason.value.trim()) return tell(say("operator.reason-first"), true);
    /** @type {Record<string, unknown>} */
    const body = { reason: reason.value.trim() };
    if (action === "mute") body.minutes = Number(minutes.value);
    let path = action;
    if (action === "mark-engine" || action === "unmark-engine") {
      path = "engine";
      body.marked = action === "mark-engine";
    }
    try {
      showStanding(await post(`/api/operator/players/${encodeURIComponent(player)}/${path}`, body));
      tell(withName(`operator.done.${action}`, player), false);
      reason.value = "";
      await refresh();
    } catch (error) {
      tell(errorText(error), true);
    }
  }

  async function lookUp() {
    const player = name.value.trim();
    if (!player) return;
    try {
      showStanding(await get(`/api/operator/players/${encodeURIComponent(player)}`));
    } catch (error) {
      tell(errorText(error), true);
    }
  }

  /** @param {ReportGroupView} group */
  function groupCard(group) {
    const resolution = /** @type {HTMLInputElement} */ (h("input", { name: "resolution", maxlength: 500, autocomplete: "off", placeholder: say("operator.resolution"), "aria-label": say("operator.resolution") }));
    const first = group.reports[0];
    const close = async () => {
      if (!resolution.value.trim()) return tell(say("operator.reason-first"), true);
      try {
        await post(`/api/operator/reports/${first.id}/close`, { resolution: resolution.value.trim() });
        tell(withName("operator.done.closed", group.player), false);
        await refresh();
      } catch (error) {
        tell(errorText(error), true);
      }
    };
    return h(
      "section",
      { class: "report-group", dataset: { kind: group.kind, player: group.player } },
      h(
        "h3",
        {},
        say(`operator.subject.${group.kind}`),
        " ",
        h("a", { href: `#/player/${encodeURIComponent(group.player)}`, translate: "no" }, group.player),
        group.match_id ? [" · ", h("a", { href: `#/game/${encodeURIComponent(group.match_id)}` }, say("operator.game"))] : null,
      ),
      group.quoted ? h("blockquote", { class: "quoted", translate: "no" }, group.quoted) : null,
      h(
        "ul",
        {},
        group.reports.map((report) =>
          h(
            "li",
            { dataset: { report: report.id } },
            h("span", { class: "when" }, dateText(report.at)),
            " ",
            h("strong", { translate: "no" }, report.reporter),
            ": ",
            h("span", { class: "tag" }, say(`report.category.${report.category}`)),
            report.text ? [" ", h("span", { translate: "no" }, report.text)] : null,
          ),
        ),
      ),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", class: "secondary", onclick: () => ((name.value = group.player), lookUp()) }, say("operator.act-on")),
        resolution,
        h("button", { type: "button", class: "close-reports", onclick: close }, say("operator.close")),
      ),
    );
  }

  const deeds = ["warn", "mute", "unmute", "ban", "unban", "mark-engine", "unmark-engine"];
  mount(root, h("p", { class: "loading" }, say("watch.loading")));
  refresh()
    .then(() => {
      if (gone) return;
      mount(
        root,
        h("h1", {}, say("operator.title")),
        outcome,
        h("h2", {}, say("operator.reports")),
        reports,
        h("h2", {}, say("operator.account")),
        h(
          "form",
          { class: "operator-form", onsubmit: (/** @type {Event} */ event) => (event.preventDefault(), lookUp()) },
          h("label", { class: "field" }, h("span", {}, say("operator.player")), name),
          h("button", { type: "submit", class: "secondary" }, say("operator.look-up")),
          h("label", { class: "field" }, h("span", {}, say("operator.reason")), reason),
          h("label", { class: "field" }, h("span", {}, say("operator.minutes")), minutes),
          h(
            "div",
            { class: "buttons" },
            deeds.map((deed) => h("button", { type: "button", dataset: { deed }, onclick: () => act(deed) }, say(`operator.deed.${deed}`))),
          ),
        ),
        standing,
        h("h2", {}, say("operator.record")),
        record,
      );
    })
    .catch((error) => {
      if (!gone) mount(root, h("h1", {}, say("operator.title")), h("p", { class: "form-error", role: "alert" }, errorText(error)));
    });
  return () => {
    gone = true;
  };
}

/** @param {ActionView[]} actions */
function actionTable(actions) {
  if (!actions.length) return h("p", { class: "empty" }, say("operator.no-actions"));
  return h(
    "table",
    { class: "list actions" },
    h("thead", {}, h("tr", {}, ["when", "who", "what", "whom", "why"].map((key) => h("th", {}, say(`operator.column.${key}`))))),
    h(
      "tbody",
      {},
      actions.map((action) =>
        h(
          "tr",
          { dataset: { action: action.action } },
          h("td", {}, dateText(action.at)),
          h("td", { translate: "no" }, action.by),
          h("td", {}, say(`operator.action.${action.action}`)),
          h("td", { translate: "no" }, action.subject),
          h("td", { translate: "no" }, action.reason),
        ),
      ),
    ),
  );
}

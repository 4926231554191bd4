// @ts-check
// Small helpers to build HTML and SVG elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * What may be given as a child: nodes, text, numbers, nested lists; null, undefined and false
 * are left out.
 * @typedef {Node | string | number | boolean | null | undefined | Child[]} Child
 */

/**
 * Attributes: `on<event>` functions become listeners, `dataset` an object of data-* values,
 * `true` an empty attribute; null, undefined and false are left out.
 * @typedef {Record<string, unknown>} Attrs
 */

/**
 * @template {HTMLElement | SVGElement} E
 * @param {E} node
 * @param {Attrs | null | undefined} attrs
 * @param {Child[]} children
 * @returns {E}
 */
function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    } else if (name === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

/**
 * Append `children`, nested lists flattened, to `node`.
 * @param {Node} node
 * @param {Child[]} children
 */
function append(node, children) {
  for (const child of children) {
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else if (child !== null && child !== undefined && child !== false) node.appendChild(document.createTextNode(String(child)));
  }
}

/**
 * An HTML element: h("button", {type: "button", onclick}, "Roll").
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * An SVG element, with the same arguments as h().
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {Child[]} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs, ...children) {
  return fill(/** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(SVG_NS, tag)), attrs, children);
}

/**
 * Replace the children of `node` with `children`.
 * @template {HTMLElement | SVGElement} E
 * @param {E} node
 * @param {Child[]} children
 */
export function mount(node, ...children) {
  node.replaceChildren();
  return fill(node, {}, children);
}

/**
 * Seconds as a clock shows them: 1:05:09, 4:07, 0:09.4 under ten seconds.
 * @param {number} seconds
 */
export function clockText(seconds) {
  const t = Math.max(0, seconds);
  if (t < 10) return `0:0${t.toFixed(1)}`;
  const whole = Math.floor(t);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/**
 * A date as a short local text.
 * @param {string | null | undefined} iso
 */
export function dateText(iso) {
  return iso ? new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) : "";
}
